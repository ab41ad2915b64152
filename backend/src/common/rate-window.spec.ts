import { MemoryRateLimitStore } from './rate-limit-store';
import { RateWindow, waitMinutesText } from './rate-window';

describe('RateWindow', () => {
  let now = 0;
  const store = () => new MemoryRateLimitStore(() => now);

  it('allows `max` hits per key in a window, then says how long to wait', async () => {
    const w = new RateWindow(store(), 'w', 60_000, () => 2);
    now = 1_000;
    expect(await w.hit('a')).toBe(0);
    now = 2_000;
    expect(await w.hit('a')).toBe(0);
    now = 11_000;
    expect(await w.hit('a')).toBe(50_000);
    expect(await w.hit('b')).toBe(0); // keys are independent
    now = 61_000;
    expect(await w.hit('a')).toBe(0); // a new window
  });

  it('keeps limits with different names apart in one store', async () => {
    const s = store();
    now = 0;
    const a = new RateWindow(s, 'a', 60_000, () => 1);
    const b = new RateWindow(s, 'b', 60_000, () => 1);
    expect(await a.hit('k')).toBe(0);
    expect(await b.hit('k')).toBe(0);
    expect(await a.hit('k')).toBeGreaterThan(0);
  });

  it('reads the limit on each hit (configuration may change it)', async () => {
    let max = 1;
    const w = new RateWindow(store(), 'w', 1_000, () => max);
    now = 0;
    expect(await w.hit('k')).toBe(0);
    now = 1;
    expect(await w.hit('k')).toBeGreaterThan(0);
    max = 5;
    now = 2;
    expect(await w.hit('k')).toBe(0);
  });
});

describe('waitMinutesText', () => {
  it.each([
    [1, '1 minuto'],
    [60_000, '1 minuto'],
    [60_001, '2 minutos'],
    [3_600_000, '60 minutos'],
  ])('%d ms → %s', (ms, text) => expect(waitMinutesText(ms)).toBe(text));
});
