import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import { APP_CONFIG, AppConfig, BACKUP_TZ } from '../config';
import { JobScheduler, PeriodicJob } from '../jobs';
import { createBackup, MANIFEST } from './backup';

const NAME = /^veritas-\d{8}-\d{6}$/;

/** "veritas-20261124-030000" (UTC), so names sort as the backups' times. */
export function backupName(at: Date): string {
  return `veritas-${at.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}`;
}

/**
 * Scheduled backups (BACKUP_DIR, BACKUP_CRON, BACKUP_KEEP), where background jobs run: the clock
 * (this process's cron job, or BullMQ's job scheduler with REDIS_URL) fires on the pattern, read in
 * São Paulo. A backup is written to a ".parcial" folder and renamed when complete, then only the
 * newest BACKUP_KEEP complete backups are kept.
 */
@Injectable()
export class BackupJob implements PeriodicJob, OnApplicationBootstrap {
  readonly name = 'Backup';
  /** None: the job is on a calendar (`cron`). */
  readonly everyMs = 0;
  /** A failed night is tried again (JOBS_ATTEMPTS, backoff from JOBS_BACKOFF_SECONDS), not left for the next night. */
  readonly retryOnFailure = true;
  private readonly logger = new Logger(BackupJob.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobScheduler,
  ) {}

  get cron() {
    const pattern = this.config.backup.cron;
    return pattern ? { pattern, tz: BACKUP_TZ } : undefined;
  }

  onApplicationBootstrap(): void {
    if (this.config.backup.cron && this.config.scale.backgroundJobs) {
      this.logger.log(`Backups agendados (${this.config.backup.cron}, horário de Brasília) em ${this.config.backup.dir}.`);
      this.jobs.schedule(this);
    }
  }

  /** The schedule's time has come, or "Executar agora": a backup now; answers the folder written. */
  runOnce(now: Date = new Date()): Promise<string> {
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
