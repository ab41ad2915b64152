import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { PeriodicJob } from '../common/periodic-job';
import { JobScheduler } from '../jobs/job-scheduler';
import { APP_CONFIG, AppConfig } from '../config/config';
import { TitularesService } from './titulares.service';

/** An export still processando this long after its last change was abandoned by a stopped process. */
const STUCK_MS = 10 * 60_000;

/**
 * Every 10 minutes: removes the files of exports whose link expired (the download already answers
 * 410) and starts again the exports a stopped process left half done.
 */
@Injectable()
export class TitularesJob implements PeriodicJob, OnApplicationBootstrap {
  readonly name = 'TitularesExportacoes';
  readonly everyMs = 10 * 60_000;

  constructor(
    private readonly titulares: TitularesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobScheduler,
  ) {}

  onApplicationBootstrap(): void {
    this.jobs.schedule(this, { now: true });
  }


  async runOnce(now: Date = new Date()): Promise<{ expiradas: number; retomadas: number }> {
    return { expiradas: await this.titulares.expireExports(now), retomadas: await this.titulares.resumeExports(now, STUCK_MS) };
  }
}
