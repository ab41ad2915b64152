import { Module } from '@nestjs/common';
import { BackupJob } from './backup.job';

/** Scheduled backups; `npm run backup` / `npm run restore` use ./backup.ts without the app (cli.ts). */
@Module({ providers: [BackupJob], exports: [BackupJob] })
export class BackupModule {}
