import { BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RATE_LIMIT_STORE, RateLimitStore } from '../common/rate-limit-store';
import { APP_CONFIG, AppConfig } from '../config/config';
import { S3DocumentStorage } from '../storage/s3.storage';
import { DOCUMENT_STORAGE, DocumentStorage } from '../storage/storage';
import { RedisRateLimitStore } from '../common/redis-rate-limit-store';

export type CheckResult = 'ok' | 'falhou' | 'encerrando';

const PROBE_TIMEOUT_MS = 2000;

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([p, new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error('tempo esgotado')), ms)))]).finally(() => clearTimeout(timer));
}

/**
 * What a load balancer asks before sending traffic: the database answers, and the shared parts
 * this replica is configured with (Redis when REDIS_URL). Once shutdown begins the replica says
 * "encerrando" so the balancer drains it while requests in flight finish. The answer names each
 * part and whether it failed; never a URL, host or message that could carry a secret.
 */
@Injectable()
export class ReadinessProbe implements BeforeApplicationShutdown {
  private closing = false;

  constructor(
    private readonly db: DataSource,
    @Inject(RATE_LIMIT_STORE) private readonly limits: RateLimitStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DOCUMENT_STORAGE) private readonly storage: DocumentStorage,
  ) {}

  /**
   * Shutdown has begun: answer 503 from now on and, for SHUTDOWN_DRAIN_SECONDS, keep listening so
   * the balancer sees it and stops sending before the listener closes (requests in flight then
   * finish: the HTTP server closes only idle connections, the database after it).
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.closing = true;
    if (this.config.scale.shutdownDrainMs > 0) await new Promise((r) => setTimeout(r, this.config.scale.shutdownDrainMs));
  }

  async check(): Promise<{ ready: boolean; checks: Record<string, CheckResult> }> {
    const probes: Record<string, () => Promise<unknown>> = { database: () => this.db.query('SELECT 1') };
    if (this.limits instanceof RedisRateLimitStore) {
      const redis = this.limits;
      probes.redis = () => redis.ping();
    }
    if (this.storage instanceof S3DocumentStorage) {
      const storage = this.storage;
      probes.storage = () => storage.ping();
    }
    const checks: Record<string, CheckResult> = {};
    await Promise.all(
      Object.entries(probes).map(async ([name, probe]) => {
        checks[name] = await within(probe(), PROBE_TIMEOUT_MS).then(
          () => 'ok' as const,
          () => 'falhou' as const,
        );
      }),
    );
    if (this.closing) checks.processo = 'encerrando';
    return { ready: Object.values(checks).every((c) => c === 'ok'), checks };
  }
}
