/** Thrown when no provider slot frees up within the wait allowed; says when one will. */
export class ProviderBusyError extends Error {
  constructor(readonly retryAfterMs: number) {
    super('provider busy');
  }
}

/**
 * At most `limit` calls to a provider in any window of `windowMs` (the open CNPJ API allows 5 a
 * minute). A caller gets the earliest free slot, reserved at once so concurrent callers never share
 * one, and waits for it if that is within `maxWaitMs`; otherwise it is refused with the time to
 * wait. When the provider itself answers 429, `pauseUntil` holds every call until it allows again.
 */
export class ProviderRateLimiter {
  /** Start times of the calls made or reserved, ascending. */
  private readonly starts: number[] = [];
  private pausedUntil = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {}

  async acquire(maxWaitMs: number): Promise<void> {
    const now = this.now();
    while (this.starts.length && this.starts[0] <= now - this.windowMs) this.starts.shift();
    let at = Math.max(now, this.pausedUntil, this.starts.at(-1) ?? now);
    // The call `limit` places back must have left the window before this one starts.
    if (this.starts.length >= this.limit) at = Math.max(at, this.starts[this.starts.length - this.limit] + this.windowMs);
    const wait = at - now;
    if (wait > maxWaitMs) throw new ProviderBusyError(wait);
    this.starts.push(at);
    if (wait > 0) await this.sleep(wait);
  }

  pauseUntil(time: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, time);
  }
}
