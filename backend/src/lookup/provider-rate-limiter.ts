import type { Limiter } from '../platform/limits';

/** Thrown when no provider slot frees up within the wait allowed; says when one will. */
export class ProviderBusyError extends Error {
  constructor(readonly retryAfterMs: number) {
    super('provider busy');
  }
}

/** The one key of a provider's counters: the quota is the firm's, whoever calls. */
const KEY = 'quota';

/**
 * At most the `all` counter's points of calls to a provider in each of its windows (the open CNPJ
 * API allows 5 a minute). A caller may also name a share with a counter of its own, smaller (the
 * anonymous public lookups), so that the callers outside it (the staff) always keep the difference.
 * A caller whose call does not fit waits for the window to end if that is within `maxWaitMs`, then
 * tries again; otherwise it is refused with the time to wait. When the provider itself answers 429,
 * `pauseUntil` holds every call until it allows again.
 *
 * The counters are rate-limiter-flexible's (RateLimiters): in memory in one process, in Redis when
 * replicas share one provider quota, each call one atomic increment.
 */
export class ProviderRateLimiter {
  constructor(
    private readonly all: Limiter,
    private readonly shares: Record<string, Limiter> = {},
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {}

  /** `share`: one of the shares given to the constructor; its calls also stay within its own limit. */
  async acquire(maxWaitMs: number, share?: string): Promise<void> {
    if (share !== undefined && !Object.hasOwn(this.shares, share)) throw new Error(`unknown share ${share}`);
    const deadline = Date.now() + maxWaitMs;
    for (;;) {
      const wait = await this.tryOnce(share === undefined ? null : this.shares[share]);
      if (wait === 0) return;
      if (Date.now() + wait > deadline) throw new ProviderBusyError(wait);
      await this.sleep(wait);
    }
  }

  async pauseUntil(time: number): Promise<void> {
    await this.all.block(KEY, time - Date.now());
  }

  /** 0 when the call is counted; else the ms until the counter that refused it starts a new window. */
  private async tryOnce(share: Limiter | null): Promise<number> {
    if (share) {
      const mine = await share.take(KEY);
      if (!mine.allowed) return Math.max(1, mine.retryAfterMs);
    }
    const all = await this.all.take(KEY);
    if (all.allowed) return 0;
    // The share's count was for a call that is not made now.
    if (share) await share.give(KEY);
    return Math.max(1, all.retryAfterMs);
  }
}
