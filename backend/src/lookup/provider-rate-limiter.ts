import { MemoryRateLimitStore, type RateLimitStore } from '../common/rate-limit-store';

/** Thrown when no provider slot frees up within the wait allowed; says when one will. */
export class ProviderBusyError extends Error {
  constructor(readonly retryAfterMs: number) {
    super('provider busy');
  }
}

/** What the limiter keeps in its store: start times (ascending) of the calls made or reserved. */
interface ProviderState {
  starts: number[];
  /** Each share's calls (also in `starts`). */
  shares: Record<string, number[]>;
  pausedUntil: number;
}

/** How long the state outlives its last change (longer than any window or pause it holds). */
const STATE_TTL_MS = 60 * 60_000;

/**
 * At most `limit` calls to a provider in any window of `windowMs` (the open CNPJ API allows 5 a
 * minute). A caller may also name a share with a smaller limit of its own (the anonymous public
 * lookups), so that the callers outside it (the staff) always keep the difference. A caller gets
 * the earliest free slot, reserved at once so concurrent callers never share one, and waits for it
 * if that is within `maxWaitMs`; otherwise it is refused with the time to wait. When the provider
 * itself answers 429, `pauseUntil` holds every call until it allows again.
 *
 * The reservations live in the rate-limit store: in memory in one process, in Redis when replicas
 * share one provider quota (each reservation is one atomic update of the key).
 */
export class ProviderRateLimiter {
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    now: () => number = Date.now,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
    private readonly shares: Record<string, number> = {},
    private readonly store: RateLimitStore = new MemoryRateLimitStore(now),
    private readonly key = 'provider',
  ) {}

  /** `share`: one of the shares given to the constructor; its calls also stay within its own limit. */
  async acquire(maxWaitMs: number, share?: string): Promise<void> {
    if (share !== undefined && !Object.hasOwn(this.shares, share)) throw new Error(`unknown share ${share}`);
    const wait = await this.store.update<ProviderState, number>(this.key, STATE_TTL_MS, (current, now) => {
      const state: ProviderState = current ?? { starts: [], shares: {}, pausedUntil: 0 };
      const recent = (list: number[]) => list.filter((t) => t > now - this.windowMs);
      const starts = recent(state.starts);
      const mine = share === undefined ? null : recent(state.shares[share] ?? []);
      let at = Math.max(now, state.pausedUntil, starts.at(-1) ?? now);
      // The call `limit` places back must have left the window before this one starts.
      if (starts.length >= this.limit) at = Math.max(at, starts[starts.length - this.limit] + this.windowMs);
      const shareLimit = share === undefined ? 0 : this.shares[share];
      if (mine && mine.length >= shareLimit) at = Math.max(at, mine[mine.length - shareLimit] + this.windowMs);
      const wait = at - now;
      if (wait > maxWaitMs) return { next: { ...state, starts }, result: wait };
      const shares = { ...state.shares };
      if (share !== undefined && mine) shares[share] = [...mine, at];
      return { next: { starts: [...starts, at], shares, pausedUntil: state.pausedUntil }, result: wait };
    });
    if (wait > maxWaitMs) throw new ProviderBusyError(wait);
    if (wait > 0) await this.sleep(wait);
  }

  async pauseUntil(time: number): Promise<void> {
    await this.store.update<ProviderState, void>(this.key, STATE_TTL_MS, (current) => ({
      next: { ...(current ?? { starts: [], shares: {} }), pausedUntil: Math.max(current?.pausedUntil ?? 0, time) },
      result: undefined,
    }));
  }
}
