import { ExecutionContext, Global, Inject, Injectable, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import {
  InjectThrottlerStorage,
  normalizeIp,
  ThrottlerGuard,
  ThrottlerLimitDetail,
  ThrottlerModule,
  ThrottlerStorage,
} from '@nestjs/throttler';
import { APP_CONFIG, AppConfig } from '../config';
import { LimitName, LIMITS, limitExceeded, routeLimit } from './limits';
import { Limiter, RateLimiters, RateLimitersModule } from './rate-limiters';

/**
 * @nestjs/throttler's storage, on rate-limiter-flexible's counters (RateLimiters: Redis shared by
 * the replicas when REDIS_URL is set, else memory): one counter per named throttler, the key being
 * the tracker (an IP or an e-mail).
 */
type StorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

export class LimiterStorage implements ThrottlerStorage {
  private readonly limiters = new Map<string, Limiter>();

  constructor(private readonly store: RateLimiters) {}

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<StorageRecord> {
    const id = `${throttlerName}:${ttl}:${limit}:${blockDuration}`;
    let limiter = this.limiters.get(id);
    if (!limiter) this.limiters.set(id, (limiter = this.store.create(throttlerName, { points: limit, durationMs: ttl, blockMs: blockDuration })));
    const hit = await limiter.take(key);
    const seconds = Math.max(1, Math.ceil(hit.retryAfterMs / 1000));
    return { totalHits: hit.count, timeToExpire: seconds, isBlocked: !hit.allowed, timeToBlockExpire: hit.allowed ? 0 : seconds };
  }
}

/**
 * The throttler's guard on the routes that declare @RateLimit (the others skip it at once), refusing
 * with the limit's own 429 in Portuguese, its retryAfterSeconds and Retry-After.
 */
@Injectable()
export class LimitsGuard extends ThrottlerGuard {
  protected override shouldSkip(context: ExecutionContext): Promise<boolean> {
    return Promise.resolve(!routeLimit(context));
  }

  protected override throwThrottlingException(context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    throw limitExceeded(routeLimit(context)!, detail.timeToBlockExpire * 1000);
  }
}

/** The named limits counted by the services themselves, in the throttler's storage. */
@Injectable()
export class Limits {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
  ) {}

  /** Counts one hit of `name` for `key`: 0 when allowed, else the ms until the key's window ends. */
  async wait(name: LimitName, key: string): Promise<number> {
    const spec = LIMITS[name];
    const tracker = spec.by === 'ip' ? normalizeIp(key) : key;
    const record = await this.storage.increment(tracker, spec.windowMs, spec.max(this.config), spec.windowMs, name);
    return record.isBlocked ? record.timeToBlockExpire * 1000 : 0;
  }

  /** Counts one hit, or refuses with the limit's 429. */
  async hit(name: LimitName, key: string): Promise<void> {
    const waitMs = await this.wait(name, key);
    if (waitMs) throw limitExceeded(name, waitMs);
  }
}

/**
 * Every limit of the process (issue 50): ThrottlerModule with the named throttlers of LIMITS and
 * our storage, its guard global, and Limits for the services.
 */
@Global()
@Module({
  imports: [
    RateLimitersModule,
    ThrottlerModule.forRootAsync({
      imports: [RateLimitersModule],
      inject: [APP_CONFIG, RateLimiters],
      useFactory: (config: AppConfig, limiters: RateLimiters) => ({
        throttlers: (Object.keys(LIMITS) as LimitName[]).map((name) => ({
          name,
          ttl: LIMITS[name].windowMs,
          limit: LIMITS[name].max(config),
          skipIf: (context: ExecutionContext) => routeLimit(context) !== name,
        })),
        storage: new LimiterStorage(limiters),
        // One counter per limit and caller, whichever of the limit's routes is called (the CNPJ and CEP lookups count together).
        generateKey: (_context: ExecutionContext, tracker: string) => tracker,
        setHeaders: false,
      }),
    }),
  ],
  providers: [Limits, { provide: APP_GUARD, useClass: LimitsGuard }],
  exports: [Limits, RateLimitersModule],
})
export class LimitsModule {}
