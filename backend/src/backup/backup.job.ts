import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { CronExpressionParser } from 'cron-parser';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import { APP_CONFIG, AppConfig, BACKUP_TZ } from '../config/config';
import { PeriodicJob } from '../common/periodic-job';
import { JobScheduler } from '../jobs/job-scheduler';
import { createBackup, MANIFEST } from './backup';

const NAME = /^veritas-\d{8}-\d{6}$/;

/** "veritas-20261124-030000" (UTC), so names sort as the backups' times. */
export function backupName(at: Date): string {
  return `veritas-${at.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}`;
}

/**
 * Scheduled backups (BACKUP_DIR, BACKUP_CRON, BACKUP_KEEP), where background jobs run. Each minute
 * the job looks whether the schedule's next time has come; a backup is written to a ".parcial"
 * folder and renamed when complete, then only the newest BACKUP_KEEP complete backups are kept.
 */
@Injectable()
export class BackupJob implements PeriodicJob, OnApplicationBootstrap {
  readonly name = 'Backup';
  readonly everyMs = 60_000;
  private readonly logger = new Logger(BackupJob.name);
  private nextAt: Date | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobScheduler,
  ) {}

  /** With BullMQ the queue fires the backup on the pattern itself, once across replicas. */
  get cron() {
    const pattern = this.config.backup.cron;
    return pattern ? { pattern, tz: BACKUP_TZ, runCron: (now: Date) => this.backupNow(now) } : undefined;
  }

  onApplicationBootstrap(): void {
    if (this.config.backup.cron && this.config.scale.backgroundJobs) {
      this.nextAt = this.after(new Date());
      this.logger.log(`Backups agendados (${this.config.backup.cron}) em ${this.config.backup.dir}; próximo: ${this.nextAt.toISOString()}.`);
      this.jobs.schedule(this);
    }
  }

  /** "Executar agora" on the Tarefas screen: a backup now, whatever the schedule says. */
  runNow(now: Date): Promise<string> {
    return this.backupNow(now);
  }


  private after(now: Date): Date {
    return CronExpressionParser.parse(this.config.backup.cron!, { currentDate: now, tz: BACKUP_TZ }).next().toDate();
  }

  /** One tick: a backup when the scheduled time has come; answers the folder written, or null. */
  async runOnce(now: Date = new Date()): Promise<string | null> {
    if (!this.config.backup.cron || !this.config.backup.dir) return null;
    this.nextAt ??= this.after(now);
    if (now < this.nextAt) return null;
    this.nextAt = this.after(now);
    return this.backupNow(now);
  }

  /** Writes one backup into BACKUP_DIR and prunes the old ones. */
  async backupNow(now: Date = new Date()): Promise<string> {
    const root = this.config.backup.dir!;
    await fsp.mkdir(root, { recursive: true, mode: 0o700 });
    const name = backupName(now);
    const partial = path.join(root, `${name}.parcial`);
    await fsp.rm(partial, { recursive: true, force: true });
    try {
      await createBackup(this.config, partial, (line) => this.logger.log(line));
    } catch (err) {
      await fsp.rm(partial, { recursive: true, force: true });
      throw err;
    }
    const done = path.join(root, name);
    await fsp.rename(partial, done);
    this.logger.log(`Backup gravado em ${done}.`);
    await this.prune();
    return done;
  }

  /** Keeps the newest BACKUP_KEEP complete backups (folders named by this job with a manifest). */
  async prune(): Promise<string[]> {
    const root = this.config.backup.dir!;
    const complete: string[] = [];
    for (const e of await fsp.readdir(root, { withFileTypes: true })) {
      if (e.isDirectory() && NAME.test(e.name) && (await fsp.stat(path.join(root, e.name, MANIFEST)).catch(() => null))) complete.push(e.name);
    }
    const old = complete.sort().reverse().slice(this.config.backup.keep);
    for (const name of old) await fsp.rm(path.join(root, name), { recursive: true, force: true });
    return old;
  }
}
