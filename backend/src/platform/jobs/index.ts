// The public surface of platform/jobs: other folders import from here, never one of its files (architecture.spec.ts).
export { BullJobScheduler } from './bullmq-jobs';
export { JobsModule } from './jobs.module';
export { JobScheduler } from './jobs';
export type { PeriodicJob } from './jobs';
