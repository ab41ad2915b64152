import { ProviderBusyError, ProviderRateLimiter } from './provider-rate-limiter';

/** A clock the test moves by hand; sleeping moves it. */
function clock() {
  let now = 1_000_000;
  const slept: number[] = [];
  return {
    now: () => now,
    advance: (ms: number) => (now += ms),
    sleep: async (ms: number) => {
      slept.push(ms);
    },
    slept,
  };
}

describe('ProviderRateLimiter', () => {
  it('lets `limit` calls through at once, then refuses with the time until a slot frees', async () => {
    const c = clock();
    const limiter = new ProviderRateLimiter(5, 60_000, c.now, c.sleep);
    for (let i = 0; i < 5; i++) await limiter.acquire(0);
    expect(c.slept).toEqual([]);
    c.advance(10_000);
    await expect(limiter.acquire(0)).rejects.toEqual(new ProviderBusyError(50_000));
    const err = await limiter.acquire(49_999).catch((e: ProviderBusyError) => e);
    expect(err).toBeInstanceOf(ProviderBusyError);
    expect((err as ProviderBusyError).retryAfterMs).toBe(50_000);
  });

  it('queues a call that fits in the wait allowed, and reserves distinct slots for concurrent callers', async () => {
    const c = clock();
    const limiter = new ProviderRateLimiter(2, 60_000, c.now, c.sleep);
    await limiter.acquire(0);
    c.advance(1_000);
    await limiter.acquire(0);
    // Both slots taken: the next frees at 60 s after the first call, the one after at 61 s.
    await Promise.all([limiter.acquire(70_000), limiter.acquire(70_000)]);
    expect(c.slept).toEqual([59_000, 60_000]);
    // And a third waiter would start no sooner than 60 s after the second queued one.
    await expect(limiter.acquire(1_000)).rejects.toBeInstanceOf(ProviderBusyError);
  });

  it('never lets more than `limit` calls into any window', async () => {
    const c = clock();
    const limiter = new ProviderRateLimiter(3, 60_000, c.now, c.sleep);
    const starts: number[] = [];
    for (let i = 0; i < 12; i++) {
      const before = c.slept.length;
      await limiter.acquire(600_000);
      const waited = c.slept.length > before ? c.slept[c.slept.length - 1] : 0;
      starts.push(c.now() + waited);
      c.advance(7_000);
    }
    for (const s of starts) expect(starts.filter((t) => t >= s && t < s + 60_000).length).toBeLessThanOrEqual(3);
  });

  it('pauses every call after the provider says 429, and frees old slots as the window moves', async () => {
    const c = clock();
    const limiter = new ProviderRateLimiter(5, 60_000, c.now, c.sleep);
    await limiter.acquire(0);
    await limiter.pauseUntil(c.now() + 30_000);
    await expect(limiter.acquire(10_000)).rejects.toEqual(new ProviderBusyError(30_000));
    c.advance(30_000);
    await limiter.acquire(0);
    c.advance(60_000);
    for (let i = 0; i < 5; i++) await limiter.acquire(0);
    expect(c.slept).toEqual([]);
  });

  it('keeps a share within its own limit, so the callers outside it always have the rest', async () => {
    const c = clock();
    const limiter = new ProviderRateLimiter(5, 60_000, c.now, c.sleep, { public: 3 });
    for (let i = 0; i < 3; i++) await limiter.acquire(0, 'public');
    await expect(limiter.acquire(0, 'public')).rejects.toEqual(new ProviderBusyError(60_000));
    await limiter.acquire(0);
    await limiter.acquire(0);
    await expect(limiter.acquire(0)).rejects.toBeInstanceOf(ProviderBusyError);
    expect(c.slept).toEqual([]);
  });
});
