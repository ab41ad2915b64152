import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { JobScheduler, PeriodicJob } from '../platform/jobs';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { TitularesService } from './titulares.service';

/**
 * An export processando without a sign of life (its generation touches updatedAt every 15 s) this
 * long was abandoned by a stopped process (another replica's, with REDIS_URL).
 */
const STUCK_MS = 60_000;

/**
 * At start-up, before serving: the exports a crash left processando are resumed (or failed, the
 * second time) — all of them in the single-process mode, where none can be running; with replicas
 * those silent for a minute. Then every 2 minutes the same, and the files of exports whose link
 * expired (the download already answers 410) are removed.
 */
@Injectable()
export class TitularesJob implements PeriodicJob, OnApplicationBootstrap {
  readonly name = 'TitularesExportacoes';
  readonly everyMs = 2 * 60_000;

  constructor(
    private readonly titulares: TitularesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobScheduler,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.scale.backgroundJobs) {
      const now = new Date();
      // Alone (no REDIS_URL), nothing else can be generating: everything processando was interrupted.
      await this.titulares.resumeExports(new Date(now.getTime() + 1000), this.config.scale.redisUrl ? STUCK_MS : 0);
    }
    this.jobs.schedule(this);
  }

  async runOnce(now: Date = new Date()): Promise<{ expiradas: number; retomadas: number; falhas: number }> {
    return { expiradas: await this.titulares.expireExports(now), ...(await this.titulares.resumeExports(now, STUCK_MS)) };
  }
}
