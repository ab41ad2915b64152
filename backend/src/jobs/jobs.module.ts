import { Global, Inject, Module, OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/config';
import { BullJobScheduler } from './bullmq-job-scheduler';
import { JobScheduler } from './job-scheduler';
import { LocalJobScheduler } from './local-job-scheduler';
import { TarefasController } from './tarefas.controller';

/** One JobScheduler for the app: BullMQ with REDIS_URL, this process's clocks without. */
@Global()
@Module({
  controllers: [TarefasController],
  providers: [
    {
      provide: JobScheduler,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): JobScheduler =>
        config.scale.redisUrl
          ? new BullJobScheduler({
              redisUrl: config.scale.redisUrl,
              prefix: `${config.scale.redisPrefix}bull`,
              work: config.scale.backgroundJobs,
              attempts: config.jobs.attempts,
              backoffMs: config.jobs.backoffMs,
            })
          : new LocalJobScheduler(config.scale.backgroundJobs),
    },
  ],
  exports: [JobScheduler],
})
export class JobsModule implements OnModuleDestroy {
  constructor(@Inject(JobScheduler) private readonly jobs: JobScheduler) {}

  /** Before the database closes: the runs in progress finish (graceful shutdown). */
  async onModuleDestroy(): Promise<void> {
    await this.jobs.close();
  }
}
