import type { AppConfig } from '../platform/config';
import { RateLimiters } from '../platform/limits';
import { ProviderBusyError, ProviderRateLimiter } from './provider-rate-limiter';

const MINUTE = 60_000;

/** The counters of one process (rate-limiter-flexible in memory), on jest's clock; the sleeps noted. */
function setup(limit: number, shares: Record<string, number> = {}) {
  const limiters = new RateLimiters({ scale: { redisUrl: null, redisPrefix: 'teste:' } } as AppConfig);
  const slept: number[] = [];
  const sleep = (ms: number) => {
    slept.push(ms);
    return new Promise<void>((resolve) => setTimeout(resolve, ms));
  };
  const limiter = new ProviderRateLimiter(
    limiters.create('provider', { points: limit, durationMs: MINUTE }),
    Object.fromEntries(Object.entries(shares).map(([name, points]) => [name, limiters.create(`provider-${name}`, { points, durationMs: MINUTE })])),
    sleep,
  );
  return { limiter, slept };
}

describe('ProviderRateLimiter', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  it('lets `limit` calls through at once, then refuses with the time until the window ends', async () => {
    const { limiter, slept } = setup(5);
    for (let i = 0; i < 5; i++) await limiter.acquire(0);
    expect(slept).toEqual([]);
    jest.advanceTimersByTime(10_000);
    await expect(limiter.acquire(0)).rejects.toEqual(new ProviderBusyError(50_000));
    const err = await limiter.acquire(49_999).catch((e: ProviderBusyError) => e);
    expect(err).toBeInstanceOf(ProviderBusyError);
    expect((err as ProviderBusyError).retryAfterMs).toBe(50_000);
  });

  it('waits for the next window when that is within the wait allowed, and never lets more than `limit` into one window', async () => {
    const { limiter, slept } = setup(2);
    await limiter.acquire(0);
    jest.advanceTimersByTime(1_000);
    await limiter.acquire(0);
    // Both taken: the window that began with the first call ends 59 s from now; two waiters share the next one.
    const waiters = Promise.all([limiter.acquire(70_000), limiter.acquire(70_000)]);
    await jest.advanceTimersByTimeAsync(59_000);
    await waiters;
    expect(slept).toEqual([59_000, 59_000]);
    // And a third caller finds that window full too.
    await expect(limiter.acquire(1_000)).rejects.toBeInstanceOf(ProviderBusyError);
  });

  it('pauses every call after the provider says 429, then starts afresh', async () => {
    const { limiter, slept } = setup(5);
    await limiter.acquire(0);
    await limiter.pauseUntil(Date.now() + 30_000);
    await expect(limiter.acquire(10_000)).rejects.toEqual(new ProviderBusyError(30_000));
    jest.advanceTimersByTime(30_000);
    for (let i = 0; i < 5; i++) await limiter.acquire(0);
    expect(slept).toEqual([]);
  });

  it('keeps a share within its own limit, so the callers outside it always have the rest', async () => {
    const { limiter, slept } = setup(5, { public: 3 });
    for (let i = 0; i < 3; i++) await limiter.acquire(0, 'public');
    await expect(limiter.acquire(0, 'public')).rejects.toEqual(new ProviderBusyError(MINUTE));
    await limiter.acquire(0);
    await limiter.acquire(0);
    await expect(limiter.acquire(0)).rejects.toBeInstanceOf(ProviderBusyError);
    expect(slept).toEqual([]);
  });

  it('gives a share its count back when the whole quota refuses the call', async () => {
    const { limiter } = setup(2, { public: 2 });
    await limiter.acquire(0);
    await limiter.acquire(0);
    await expect(limiter.acquire(0, 'public')).rejects.toBeInstanceOf(ProviderBusyError);
    jest.advanceTimersByTime(MINUTE);
    // The refused public call took nothing: both public calls fit in the new window.
    await limiter.acquire(0, 'public');
    await limiter.acquire(0, 'public');
  });
});
