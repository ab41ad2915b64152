import { Logger, ServiceUnavailableException } from '@nestjs/common';
import Redis from 'ioredis';
import { type RateLimitStore, TooManyRequestsException } from './rate-limit-store';

/**
 * Compare-and-set, atomic in Redis: writes ARGV[2] (or deletes the key when it is empty) with a
 * time to live of ARGV[3] ms only if the key still holds ARGV[1] ('' = absent). 1 when written.
 */
const CAS = `
local cur = redis.call('GET', KEYS[1])
if cur == false then cur = '' end
if cur ~= ARGV[1] then return 0 end
if ARGV[2] == '' then redis.call('DEL', KEYS[1]) else redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) end
return 1
`;

const MAX_TRIES = 50;

/**
 * The rate limits of every replica in one Redis (REDIS_URL): each key's state is a JSON string;
 * an update reads it, computes the next state in this process and writes it back with a
 * compare-and-set script, retrying when another replica (or request) wrote in between. So the
 * callers' change functions stay plain TypeScript and the count is exact across replicas.
 * Expiry is Redis's own (PX). The clock is this process's: replicas are expected to run NTP.
 */
export class RedisRateLimitStore implements RateLimitStore {
  readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'veritas:rl:',
    private readonly now: () => number = Date.now,
  ) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    this.redis.on('error', () => undefined); // reported by the callers' failures and by /api/health/ready
    this.redis.defineCommand('veritasCas', { numberOfKeys: 1, lua: CAS });
  }

  private readonly logger = new Logger('RedisRateLimitStore');

  /** Redis unreachable: a 503 in Portuguese (the limit cannot be checked, so nothing passes). */
  async update<S, R>(key: string, ttlMs: number, change: (current: S | null, now: number) => { next: S | null; result: R }): Promise<R> {
    try {
      return await this.tryUpdate(key, ttlMs, change);
    } catch (err) {
      if (err instanceof TooManyRequestsException) throw err;
      this.logger.error(`Redis indisponível para os limites de tentativas: ${err instanceof Error ? err.message : String(err)}`);
      throw new ServiceUnavailableException('Serviço temporariamente indisponível. Tente novamente em instantes.');
    }
  }

  private async tryUpdate<S, R>(key: string, ttlMs: number, change: (current: S | null, now: number) => { next: S | null; result: R }): Promise<R> {
    const k = this.prefix + key;
    for (let i = 0; i < MAX_TRIES; i++) {
      const raw = await this.redis.get(k);
      const { next, result } = change(raw === null ? null : (JSON.parse(raw) as S), this.now());
      const written = await (this.redis as unknown as { veritasCas(k: string, cur: string, next: string, ttl: string): Promise<number> }).veritasCas(
        k,
        raw ?? '',
        next === null ? '' : JSON.stringify(next),
        String(Math.max(1, Math.ceil(ttlMs))),
      );
      if (written === 1) return result;
    }
    // Contended beyond reason (a flood on one key): refuse, as a limit would.
    throw new TooManyRequestsException('Muitas tentativas simultâneas. Tente novamente em instantes.', 1);
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
