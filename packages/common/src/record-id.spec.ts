import { randomUUID } from 'node:crypto';
import { isRecordId } from './record-id';

describe('isRecordId', () => {
  it('accepts the UUIDs the server issues, in either case', () => {
    const id = randomUUID();
    expect(isRecordId(id)).toBe(true);
    expect(isRecordId(id.toUpperCase())).toBe(true);
    expect(isRecordId('00000000-0000-0000-0000-000000000000')).toBe(true);
  });

  it.each(['', 'inexistente', '123', 'r 1', '2026-000042', `${randomUUID()}x`, ` ${randomUUID()}`, '0000000-0000-0000-0000-0000000000000', '../etc/passwd'])(
    'refuses %p',
    (value) => expect(isRecordId(value)).toBe(false),
  );
});
