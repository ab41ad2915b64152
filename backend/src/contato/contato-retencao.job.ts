import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import { JobScheduler, PeriodicJob } from '../platform/jobs';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { ContatoMensagem } from './entities/contato-mensagem.entity';

/**
 * The retention the privacy notice states (CONTACT_RETENTION_DAYS, default 365): contact messages
 * older than that are deleted, every hour, by this job and never by hand. Counted from when the
 * message arrived. The replies staff sent are in their mailboxes, which this does not touch.
 */
@Injectable()
export class ContatoRetencaoJob implements PeriodicJob, OnApplicationBootstrap {
  readonly name = 'ContatoRetencao';
  readonly everyMs = 3_600_000;

  constructor(
    @InjectRepository(ContatoMensagem) private readonly mensagens: Repository<ContatoMensagem>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobScheduler,
  ) {}

  onApplicationBootstrap(): void {
    this.jobs.schedule(this, { now: true });
  }


  /** One pass at `now`; answers how many messages it deleted. */
  async runOnce(now: Date = new Date()): Promise<number> {
    const limite = new Date(now.getTime() - this.config.privacy.contactRetentionDays * 86_400_000);
    const r = await this.mensagens.delete({ createdAt: LessThan(limite) });
    return r.affected ?? 0;
  }
}
