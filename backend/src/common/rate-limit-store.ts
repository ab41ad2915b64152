import { Global, HttpException, HttpStatus, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/config';
import { RedisRateLimitStore } from './redis-rate-limit-store';

/**
 * Where the rate limits keep their counters. One small operation, atomic per key: read the key's
 * state, compute the next one and the answer, write it, with nothing else touching that key in
 * between. In memory (one process) that is a synchronous function call; a shared store (Redis,
 * a later issue) does the same with WATCH/MULTI or a script. Callers reserve before any slow
 * work (a password hash), so simultaneous requests cannot all pass the same check.
 */
export interface RateLimitStore {
  /**
   * Replaces the state under `key` with `change(current, now).next` (null deletes it), kept for
   * `ttlMs` after this write, and returns `change(...).result`.
   */
  update<S, R>(key: string, ttlMs: number, change: (current: S | null, now: number) => { next: S | null; result: R }): Promise<R>;
}

export const RATE_LIMIT_STORE = Symbol('RATE_LIMIT_STORE');

const MAX_KEYS = 200_000;

/** The store of a single process: a Map, each update synchronous (atomic in Node's one thread). */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly entries = new Map<string, { state: unknown; expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  update<S, R>(key: string, ttlMs: number, change: (current: S | null, now: number) => { next: S | null; result: R }): Promise<R> {
    const now = this.now();
    const entry = this.entries.get(key);
    const current = entry && entry.expiresAt > now ? (entry.state as S) : null;
    const { next, result } = change(current, now);
    if (next === null) this.entries.delete(key);
    else {
      if (!entry && this.entries.size >= MAX_KEYS) this.sweep(now);
      this.entries.set(key, { state: next, expiresAt: now + ttlMs });
    }
    return Promise.resolve(result);
  }

  /** Bounds memory under a flood of distinct keys. */
  private sweep(now: number): void {
    for (const [key, e] of this.entries) if (e.expiresAt <= now) this.entries.delete(key);
    if (this.entries.size >= MAX_KEYS) this.entries.clear();
  }
}

interface WindowState {
  start: number;
  count: number;
}

/**
 * Counts one event for `key` in a fixed window and says whether it is within `max`. The count is
 * taken at once (a reservation); `releaseHit` gives it back when the event turns out not to count
 * (a successful sign-in). Refused events are not counted, so a refused caller is told the honest
 * time until the window ends.
 */
export async function takeHit(store: RateLimitStore, key: string, windowMs: number, max: number): Promise<{ allowed: boolean; retryAfterMs: number }> {
  return store.update<WindowState, { allowed: boolean; retryAfterMs: number }>(key, windowMs, (w, now) => {
    const current = w && now - w.start < windowMs ? w : { start: now, count: 0 };
    if (current.count >= max) return { next: current, result: { allowed: false, retryAfterMs: current.start + windowMs - now } };
    return { next: { start: current.start, count: current.count + 1 }, result: { allowed: true, retryAfterMs: 0 } };
  });
}

export async function releaseHit(store: RateLimitStore, key: string, windowMs: number): Promise<void> {
  await store.update<WindowState, void>(key, windowMs, (w, now) => ({
    next: w && now - w.start < windowMs && w.count > 1 ? { start: w.start, count: w.count - 1 } : null,
    result: undefined,
  }));
}

/** Whole seconds to wait, at least 1, as Retry-After and the messages say it. */
export const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** A polite 429 that says when to come back: body `retryAfterSeconds`, and the Retry-After header (set by the exception filter). */
export class TooManyRequestsException extends HttpException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super({ message, retryAfterSeconds }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * Every rate limit of the process reads and writes through this one store: in memory, or in Redis
 * (shared by every replica) when REDIS_URL is set.
 */
@Global()
@Module({
  providers: [
    {
      provide: RATE_LIMIT_STORE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): RateLimitStore =>
        config.scale.redisUrl ? new RedisRateLimitStore(config.scale.redisUrl, `${config.scale.redisPrefix}rl:`) : new MemoryRateLimitStore(),
    },
  ],
  exports: [RATE_LIMIT_STORE],
})
export class RateLimitModule implements OnApplicationShutdown {
  constructor(@Inject(RATE_LIMIT_STORE) private readonly store: RateLimitStore) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.store instanceof RedisRateLimitStore) await this.store.close();
  }
}

export const InjectRateLimitStore = () => Inject(RATE_LIMIT_STORE);
