import { v7 } from 'uuid';
import { newId } from './ids';

describe('newId (UUID version 7)', () => {
  it('the library builds the published example of RFC 9562 (Appendix A.6) from its parts', () => {
    // 48-bit time 0x017F22E279B0, then rand_a 0xCC3 and rand_b 0x18C4DC0C0C07398F; the library
    // takes rand_a and the top of rand_b from its sequence number, the rest from the random bytes.
    const seq = ((0xcc3 << 20) | (0x18 << 14) | (0xc4 << 6) | 0x37) >>> 0;
    const random = new Uint8Array(16);
    random.set([0x0c, 0x0c, 0x07, 0x39, 0x8f], 11);
    expect(v7({ msecs: 0x017f22e279b0, seq, random })).toBe('017f22e2-79b0-7cc3-98c4-dc0c0c07398f');
  });

  it('is a version-7 UUID carrying the time it was made, with a random tail', () => {
    const before = Date.now();
    const id = newId();
    const after = Date.now();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const ms = parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(after);
    expect(new Set(Array.from({ length: 1000 }, () => newId().slice(-12))).size).toBe(1000);
  });

  it('ids made one after another sort in the order they were made, as text (within a millisecond too)', () => {
    const ids = Array.from({ length: 5000 }, () => newId());
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });
});
