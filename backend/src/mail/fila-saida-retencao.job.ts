import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { JobScheduler, PeriodicJob } from '../platform/jobs';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { FilaSaidaService } from './fila-saida.service';

/**
 * The content of a message that finally failed is kept for the board's Reenviar (Fila de saída)
 * for OUTBOX_FAILED_RETENTION_DAYS (default 30), counted from its last attempt; then, every hour,
 * this job cancels it and removes its content (subject, event and recipients stay, as for any
 * cancelled message, in the client's e-mail log).
 */
@Injectable()
export class FilaSaidaRetencaoJob implements PeriodicJob, OnApplicationBootstrap {
  readonly name = 'FilaSaidaRetencao';
  readonly everyMs = 3_600_000;

  constructor(
    private readonly fila: FilaSaidaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobScheduler,
  ) {}

  onApplicationBootstrap(): void {
    this.jobs.schedule(this);
  }

  /** One pass at `now`; answers how many messages it discarded. */
  runOnce(now: Date = new Date()): Promise<number> {
    return this.fila.descartarFalhas(new Date(now.getTime() - this.config.mail.outboxFailedRetentionDays * 86_400_000));
  }
}
