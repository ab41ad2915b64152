import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit, ServiceUnavailableException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Redis from 'ioredis';
import { DataSource, LessThan } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { RevokedSession } from './entities/revoked-session.entity';

const UNAVAILABLE = 'Serviço temporariamente indisponível. Tente novamente em instantes.';

/**
 * The sessions ended one by one with "Sair" (issue 54), each by its token's `sid`, kept until the token
 * would have expired anyway:
 * - with REDIS_URL, in Redis (`<REDIS_PREFIX>sess:<sid>`, expiring with the token), where every replica
 *   looks on every authenticated request — a revocation made on one is refused by all at once;
 * - without it, in this single process's memory, written through to `sessoes_revogadas` and read back
 *   at start-up, so a restart does not resurrect a session that was ended.
 * The sessions ended all together (a password or permission change, "Sair de todos os dispositivos")
 * need no list: the account's `tokenVersion` moves past them (Principals).
 */
@Injectable()
export class RevokedSessions implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(RevokedSessions.name);
  private readonly redis: Redis | null;
  private readonly key: (sid: string) => string;
  /** Without Redis: sid → expiry (ms). */
  private readonly local = new Map<string, number>();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @InjectDataSource() private readonly ds: DataSource,
  ) {
    const prefix = `${config.scale.redisPrefix}sess:`;
    this.key = (sid) => prefix + sid;
    this.redis = config.scale.redisUrl ? new Redis(config.scale.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true }) : null;
    this.redis?.on('error', () => undefined); // reported as the callers' 503s
  }

  async onModuleInit(): Promise<void> {
    if (this.redis) return;
    const repo = this.ds.getRepository(RevokedSession);
    await repo.delete({ expiraEm: LessThan(new Date()) });
    for (const row of await repo.find()) this.local.set(row.sid, new Date(row.expiraEm).getTime());
  }

  /** Ends the session `sid`, whose token expires at `expSeconds` (a token's `exp`). */
  async revoke(sid: string, expSeconds: number): Promise<void> {
    const expiresMs = expSeconds * 1000;
    const ttl = expiresMs - Date.now();
    if (ttl <= 0) return;
    if (this.redis) {
      await this.redis.set(this.key(sid), '1', 'PX', ttl).catch((err: unknown) => Promise.reject(this.unavailable(err)));
      return;
    }
    await this.ds.getRepository(RevokedSession).upsert({ sid, expiraEm: new Date(Math.ceil(expiresMs / 1000) * 1000) }, ['sid']);
    this.local.set(sid, expiresMs);
    this.prune();
  }

  /** Whether the session `sid` was ended. */
  async isRevoked(sid: string): Promise<boolean> {
    if (this.redis) return (await this.redis.exists(this.key(sid)).catch((err: unknown) => Promise.reject(this.unavailable(err)))) === 1;
    const until = this.local.get(sid);
    return until !== undefined && until > Date.now();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis?.quit().catch(() => this.redis?.disconnect());
  }

  /** Drops the expired entries from memory (the table's go at the next start). */
  private prune(): void {
    if (this.local.size < 1000) return;
    const now = Date.now();
    for (const [sid, until] of this.local) if (until <= now) this.local.delete(sid);
  }

  private unavailable(err: unknown): ServiceUnavailableException {
    this.logger.error(`Redis indisponível para as sessões encerradas: ${err instanceof Error ? err.message : String(err)}`);
    return new ServiceUnavailableException(UNAVAILABLE);
  }
}
