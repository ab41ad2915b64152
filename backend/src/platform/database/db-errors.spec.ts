import { isDatabaseUnavailable, isUniqueViolation } from './db-errors';

describe('isDatabaseUnavailable', () => {
  it.each([
    [{ code: 'ECONNREFUSED' }],
    [{ code: 'PROTOCOL_CONNECTION_LOST', fatal: true }],
    [{ driverError: { code: 'ECONNRESET' } }],
    [{ message: "Can't add new command when connection is in closed state", fatal: true }],
    [{ errno: 1053 }],
  ])('a connection failure %j is "unavailable"', (err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([[{ code: 'ER_DUP_ENTRY', errno: 1062 }], [{ code: 'ER_PARSE_ERROR' }], [new Error('x')], [null], ['ECONNREFUSED']])('a query or program error %j is not', (err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });

  it('a unique violation stays a unique violation', () => {
    expect(isUniqueViolation({ driverError: { code: 'ER_DUP_ENTRY' } })).toBe(true);
  });
});
