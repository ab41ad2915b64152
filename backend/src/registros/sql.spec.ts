import { nextPrefix } from './sql';

describe('nextPrefix (protocol search as an index range)', () => {
  it.each([
    ['2026-000123', '2026-000124'],
    ['2026-0001', '2026-0002'],
    ['2026-0019', '2026-002'],
    ['2026-1', '2026-2'],
    ['2026-0', '2026-1'],
    ['2026-999', null],
    ['2026-', null],
  ])('%s → %s', (prefix, next) => {
    expect(nextPrefix(prefix)).toBe(next);
    if (next) {
      // Every protocol that starts with the prefix sorts inside [prefix, next).
      for (const tail of ['', '0', '9', '99999']) {
        const numero = prefix + tail;
        expect(numero >= prefix && numero < next).toBe(true);
      }
    }
  });
});
