import { RateWindow, waitMinutesText } from './rate-window';

describe('RateWindow', () => {
  it('allows `max` hits per key in a window, then says how long to wait', () => {
    const w = new RateWindow(60_000, () => 2);
    expect(w.hit('a', 1_000)).toBe(0);
    expect(w.hit('a', 2_000)).toBe(0);
    expect(w.hit('a', 11_000)).toBe(50_000);
    expect(w.hit('b', 11_000)).toBe(0); // keys are independent
    expect(w.hit('a', 61_000)).toBe(0); // a new window
  });

  it('reads the limit on each hit (configuration may change it)', () => {
    let max = 1;
    const w = new RateWindow(1_000, () => max);
    expect(w.hit('k', 0)).toBe(0);
    expect(w.hit('k', 1)).toBeGreaterThan(0);
    max = 5;
    expect(w.hit('k', 2)).toBe(0);
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
