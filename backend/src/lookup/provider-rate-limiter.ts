/** Thrown when no provider slot frees up within the wait allowed; says when one will. */
export class ProviderBusyError extends Error {
  constructor(readonly retryAfterMs: number) {
    super('provider busy');
  }
}

/**
 * At most `limit` calls to a provider in any window of `windowMs` (the open CNPJ API allows 5 a
 * minute). A caller may also name a share with a smaller limit of its own (the anonymous public
 * lookups), so that the callers outside it (the staff) always keep the difference. A caller gets the earliest free slot, reserved at once so concurrent callers never share
 * one, and waits for it if that is within `maxWaitMs`; otherwise it is refused with the time to
 * wait. When the provider itself answers 429, `pauseUntil` holds every call until it allows again.
 */
export class ProviderRateLimiter {
  /** Start times of the calls made or reserved, ascending. */
  private readonly starts: number[] = [];
  /** Start times of each share's calls, ascending (also in `starts`). */
  private readonly shareStarts = new Map<string, number[]>();
  private pausedUntil = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
    private readonly shares: Record<string, number> = {},
  ) {}

  /** `share`: one of the shares given to the constructor; its calls also stay within its own limit. */
  async acquire(maxWaitMs: number, share?: string): Promise<void> {
    const now = this.now();
    const mine = share === undefined ? null : this.shareList(share);
    for (const list of mine ? [this.starts, mine] : [this.starts]) {
      while (list.length && list[0] <= now - this.windowMs) list.shift();
    }
    let at = Math.max(now, this.pausedUntil, this.starts.at(-1) ?? now);
    // The call `limit` places back must have left the window before this one starts.
    if (this.starts.length >= this.limit) at = Math.max(at, this.starts[this.starts.length - this.limit] + this.windowMs);
    const shareLimit = share === undefined ? 0 : this.shares[share];
    if (mine && mine.length >= shareLimit) at = Math.max(at, mine[mine.length - shareLimit] + this.windowMs);
    const wait = at - now;
    if (wait > maxWaitMs) throw new ProviderBusyError(wait);
    this.starts.push(at);
    mine?.push(at);
    if (wait > 0) await this.sleep(wait);
  }

  private shareList(share: string): number[] {
    if (!Object.hasOwn(this.shares, share)) throw new Error(`unknown share ${share}`);
    let list = this.shareStarts.get(share);
    if (!list) this.shareStarts.set(share, (list = []));
    return list;
  }

  pauseUntil(time: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, time);
  }
}
