import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { AvisosService } from '../avisos';
import { NovidadesService } from '../notificacoes';
import { JobScheduler, PeriodicJob } from '../platform/jobs';
import { APP_CONFIG, AppConfig } from '../platform/config';

/**
 * The notification centres' retention (issue 53): once a day, the clients' Novidades and the staff's
 * bell keep NOTICE_RETENTION_DAYS (default 365) of notices; older ones go, read or not (each points at a
 * record that keeps its own history). Beside the outbox's retention, since mail is what makes them.
 */
@Injectable()
export class AvisosRetencaoJob implements PeriodicJob, OnApplicationBootstrap {
  readonly name = 'AvisosRetencao';
  readonly everyMs = 86_400_000;

  constructor(
    private readonly novidades: NovidadesService,
    private readonly avisos: AvisosService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobScheduler,
  ) {}

  onApplicationBootstrap(): void {
    this.jobs.schedule(this);
  }

  /** One pass at `now`; answers how many notices of each kind it removed. */
  async runOnce(now: Date = new Date()): Promise<{ novidades: number; avisos: number }> {
    const cutoff = new Date(now.getTime() - this.config.notices.retentionDays * 86_400_000);
    return { novidades: await this.novidades.removeOlderThan(cutoff), avisos: await this.avisos.removeOlderThan(cutoff) };
  }
}
