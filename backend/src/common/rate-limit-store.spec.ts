import { MemoryRateLimitStore, releaseHit, takeHit } from './rate-limit-store';

describe('MemoryRateLimitStore and the fixed window on top of it', () => {
  it('takes at most `max` hits in a window, even when they are asked at once, and says how long to wait', async () => {
    let now = 1_000_000;
    const store = new MemoryRateLimitStore(() => now);
    const replies = await Promise.all(Array.from({ length: 8 }, () => takeHit(store, 'k', 60_000, 3)));
    expect(replies.filter((r) => r.allowed)).toHaveLength(3);
    now += 20_000;
    expect(await takeHit(store, 'k', 60_000, 3)).toEqual({ allowed: false, retryAfterMs: 40_000 });
    now += 40_000;
    expect((await takeHit(store, 'k', 60_000, 3)).allowed).toBe(true);
  });

  it('gives a hit back, and forgets a key after its time to live', async () => {
    let now = 0;
    const store = new MemoryRateLimitStore(() => now);
    await takeHit(store, 'k', 60_000, 1);
    expect((await takeHit(store, 'k', 60_000, 1)).allowed).toBe(false);
    await releaseHit(store, 'k', 60_000);
    expect((await takeHit(store, 'k', 60_000, 1)).allowed).toBe(true);
    expect(await store.update('s', 1_000, () => ({ next: { n: 1 }, result: 'set' }))).toBe('set');
    now += 1_001;
    expect(await store.update<{ n: number }, unknown>('s', 1_000, (cur) => ({ next: cur, result: cur }))).toBeNull();
  });
});
