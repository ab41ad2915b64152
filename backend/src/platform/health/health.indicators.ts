import { BeforeApplicationShutdown, Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { HealthIndicatorFunction, HealthIndicatorResult, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config';
import { BullJobScheduler } from '../jobs';
import { DOCUMENT_STORAGE, type DocumentStorage, S3DocumentStorage } from '../storage';
import { pollutedPrototypes, probeDataPath } from './readiness';

/** Each probe has this long; a part that does not answer in time has failed. */
export const PROBE_TIMEOUT_MS = 2000;

/**
 * The terminus health indicators of this process: the database (SELECT 1, and a real read through
 * the routes' data path), the built-in prototypes, the shared parts this replica is configured
 * with (Redis with REDIS_URL, the bucket with STORAGE=s3) and whether shutdown has begun. None
 * throws; a result never carries a URL, host or message that could hold a secret.
 */
@Injectable()
export class HealthIndicators implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Health');
  private closing = false;

  constructor(
    private readonly health: HealthIndicatorService,
    private readonly typeorm: TypeOrmHealthIndicator,
    private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DOCUMENT_STORAGE) private readonly storage: DocumentStorage,
    @Optional() private readonly jobs?: BullJobScheduler,
  ) {}

  /**
   * Shutdown has begun: "processo: encerrando" from now on and, for SHUTDOWN_DRAIN_SECONDS, keep
   * listening so the balancer sees it and stops sending before the listener closes (requests in
   * flight then finish: the HTTP server closes only idle connections, the database after it).
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.closing = true;
    if (this.config.scale.shutdownDrainMs > 0) await new Promise((r) => setTimeout(r, this.config.scale.shutdownDrainMs));
  }

  /** What a load balancer asks before sending traffic (/api/health/ready). */
  readiness(): HealthIndicatorFunction[] {
    const checks: HealthIndicatorFunction[] = [this.database];
    if (this.closing) checks.push(() => this.health.check('processo').down());
    const jobs = this.jobs;
    if (jobs) checks.push(() => this.answers('redis', () => jobs.ping()));
    if (this.storage instanceof S3DocumentStorage) {
      const storage = this.storage;
      checks.push(() => this.answers('storage', () => storage.ping()));
    }
    return checks;
  }

  /** The process is sound and the data answers (/api/health). */
  soundness(): HealthIndicatorFunction[] {
    return [this.prototypes, this.database, this.dataPath];
  }

  readonly database = (): Promise<HealthIndicatorResult> => this.typeorm.pingCheck('database', { connection: this.db, timeout: PROBE_TIMEOUT_MS });

  /** A property added to a built-in prototype breaks every query while SELECT 1 still passes (readiness.ts). */
  readonly prototypes = (): HealthIndicatorResult => {
    const polluted = pollutedPrototypes();
    if (!polluted.length) return this.health.check('prototipos').up();
    this.logger.error(`Protótipos alterados desde a inicialização (${polluted.join(', ')}): o processo precisa ser reiniciado.`);
    return this.health.check('prototipos').down();
  };

  readonly dataPath = (): Promise<HealthIndicatorResult> =>
    this.answers('dados', () => probeDataPath(this.db), (err) => this.logger.error(`Consulta de verificação falhou: ${err instanceof Error ? err.message : String(err)}`));

  /** `key` is up when `probe` resolves within PROBE_TIMEOUT_MS. */
  private async answers(key: string, probe: () => Promise<unknown>, onFailure?: (err: unknown) => void): Promise<HealthIndicatorResult> {
    const check = this.health.check(key);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('tempo esgotado')), PROBE_TIMEOUT_MS)));
    try {
      await Promise.race([probe(), timeout]);
      return check.up();
    } catch (err) {
      onFailure?.(err);
      return check.down();
    } finally {
      clearTimeout(timer);
    }
  }
}
