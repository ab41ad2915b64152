import { Global, Inject, Injectable, Logger, Module, OnApplicationShutdown, ServiceUnavailableException } from '@nestjs/common';
import Redis from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG, AppConfig } from '../config';

/** What one hit came to: allowed or not, the key's count in its window, and the ms until that window ends. */
export interface Hit {
  allowed: boolean;
  count: number;
  retryAfterMs: number;
}

const UNAVAILABLE = 'Serviço temporariamente indisponível. Tente novamente em instantes.';

/** Whole seconds, at least 1: rate-limiter-flexible counts its windows in seconds. */
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * One limit's counter (rate-limiter-flexible): a fixed window per key that starts at the key's first
 * hit, counted atomically (one Lua script in Redis). Its answers are ours: a refusal is a Hit, and a
 * store that cannot be reached is a 503 in Portuguese — the limit cannot be checked, so nothing passes.
 */
export class Limiter {
  constructor(
    private readonly limiter: RateLimiterAbstract,
    private readonly logger: Logger,
  ) {}

  /** Counts `points` for `key` (a new window lasts `durationMs` when given, else the limiter's own). */
  async take(key: string, points = 1, durationMs?: number): Promise<Hit> {
    try {
      const res = await this.limiter.consume(key, points, durationMs === undefined ? {} : { customDuration: seconds(durationMs) });
      return { allowed: true, count: res.consumedPoints, retryAfterMs: res.msBeforeNext };
    } catch (err) {
      if (err instanceof RateLimiterRes) return { allowed: false, count: err.consumedPoints, retryAfterMs: err.msBeforeNext };
      throw this.unavailable(err);
    }
  }

  /** The key's live count, without counting: null when it has none. */
  async peek(key: string): Promise<Hit | null> {
    const res = await this.limiter.get(key).catch((err: unknown) => Promise.reject(this.unavailable(err)));
    return res ? { allowed: res.remainingPoints > 0, count: res.consumedPoints, retryAfterMs: res.msBeforeNext } : null;
  }

  /** Gives `points` back (a hit that turned out not to count). */
  async give(key: string, points = 1): Promise<void> {
    await this.limiter.reward(key, points).catch((err: unknown) => Promise.reject(this.unavailable(err)));
  }

  /** Refuses every hit on `key` for `ms`, whatever its count. */
  async block(key: string, ms: number): Promise<void> {
    await this.limiter.block(key, seconds(ms)).catch((err: unknown) => Promise.reject(this.unavailable(err)));
  }

  async forget(key: string): Promise<void> {
    await this.limiter.delete(key).catch((err: unknown) => Promise.reject(this.unavailable(err)));
  }

  private unavailable(err: unknown): ServiceUnavailableException {
    this.logger.error(`Redis indisponível para os limites de tentativas: ${err instanceof Error ? err.message : String(err)}`);
    return new ServiceUnavailableException(UNAVAILABLE);
  }
}

/**
 * Makes every limit's counter, in one store for the whole process: Redis when REDIS_URL is set
 * (keys under REDIS_PREFIX + "rl:", shared by every replica), else this process's memory. Both
 * are rate-limiter-flexible's, with the same semantics, so a limit counts the same either way.
 */
@Injectable()
export class RateLimiters implements OnApplicationShutdown {
  /** The shared store's connection; null in one process. */
  readonly redis: Redis | null;
  private readonly prefix: string;
  private readonly logger = new Logger('RateLimiters');

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.prefix = `${config.scale.redisPrefix}rl:`;
    this.redis = config.scale.redisUrl ? new Redis(config.scale.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true }) : null;
    this.redis?.on('error', () => undefined); // reported by the callers' 503s and by /api/health/ready
  }

  /** A limit of `points` per key in windows of `durationMs`; `name` keeps its keys apart from the other limits'. */
  create(name: string, opts: { points: number; durationMs: number; blockMs?: number }): Limiter {
    const options = {
      keyPrefix: `${this.prefix}${name}`,
      points: opts.points,
      duration: seconds(opts.durationMs),
      blockDuration: opts.blockMs && opts.blockMs > opts.durationMs ? seconds(opts.blockMs) : 0,
    };
    const limiter = this.redis ? new RateLimiterRedis({ ...options, storeClient: this.redis }) : new RateLimiterMemory(options);
    return new Limiter(limiter, this.logger);
  }

  async ping(): Promise<void> {
    await this.redis?.ping();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis?.quit().catch(() => this.redis?.disconnect());
  }
}

@Global()
@Module({ providers: [RateLimiters], exports: [RateLimiters] })
export class RateLimitersModule {}
