import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import type { AppConfig } from '../config';
import { BullJobScheduler, TarefasWorker, TAREFAS_QUEUE } from './bullmq-jobs';
import { JobScheduler } from './jobs';
import { LocalJobScheduler } from './local-jobs';
import { TarefasController } from './tarefas.controller';

/**
 * One JobScheduler for the app: this process's clocks (@nestjs/schedule) without REDIS_URL; with
 * it the `tarefas` queue (@nestjs/bullmq), whose worker runs only where BACKGROUND_JOBS is on.
 */
@Module({})
export class JobsModule {
  static forRoot(config: AppConfig): DynamicModule {
    const controllers = [TarefasController];
    const exports = [JobScheduler];
    if (!config.scale.redisUrl) {
      return {
        module: JobsModule,
        global: true,
        imports: [ScheduleModule.forRoot()],
        controllers,
        providers: [LocalJobScheduler, { provide: JobScheduler, useExisting: LocalJobScheduler }],
        exports,
      };
    }
    return {
      module: JobsModule,
      global: true,
      imports: [
        BullModule.forRoot({ connection: { url: config.scale.redisUrl, maxRetriesPerRequest: null }, prefix: `${config.scale.redisPrefix}bull` }),
        BullModule.registerQueue({
          name: TAREFAS_QUEUE,
          defaultJobOptions: {
            attempts: config.jobs.attempts,
            backoff: { type: 'exponential', delay: config.jobs.backoffMs },
            removeOnComplete: { count: 100 },
            removeOnFail: { count: 1000 },
          },
        }),
      ],
      controllers,
      providers: [BullJobScheduler, { provide: JobScheduler, useExisting: BullJobScheduler }, ...(config.scale.backgroundJobs ? [TarefasWorker] : [])],
      exports: [...exports, BullJobScheduler],
    };
  }
}
