import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PeriodicJob } from '../common/periodic-job';
import { JobScheduler } from '../jobs/job-scheduler';
import { APP_CONFIG, AppConfig } from '../config/config';
import { MailFiles } from './mail-files';

/** How long an object without a row may sit before it is taken for a crash's leftover. */
export const MAIL_ORPHAN_GRACE_MS = 15 * 60_000;

/**
 * With STORAGE=s3: the mail objects no row knows (a replica died between the object and its row)
 * are removed, at start-up and every 6 h, on the job replica. A body, an attachment or an outbox
 * payload is known by mail_messages.bodyFile, mail_attachments.storedName or mail_outbox.payloadFile.
 * On the local disk nothing changes (there a file without a row is only left by a crash in the
 * middle of a write, as before).
 */
@Injectable()
export class MailOrphanSweep implements PeriodicJob, OnApplicationBootstrap {
  readonly name = 'MailOrphanSweep';
  readonly everyMs = 6 * 60 * 60_000;
  private readonly logger = new Logger('MailOrphanSweep');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
    private readonly files: MailFiles,
    private readonly jobs: JobScheduler,
  ) {}

  onApplicationBootstrap(): void {
    if (this.files.remote) this.jobs.schedule(this, { now: true });
  }


  async runOnce(now: Date, graceMs = MAIL_ORPHAN_GRACE_MS): Promise<number> {
    const remote = this.files.remote;
    if (!remote) return 0;
    const limit = now.getTime() - graceMs;
    let removed = 0;
    let batch: string[] = [];
    const flush = async () => {
      if (!batch.length) return;
      const names = batch.map(MailFiles.nameOfKey);
      const marks = names.map(() => '?').join(', ');
      const known = new Set<string>();
      for (const [table, column] of [['mail_messages', 'bodyFile'], ['mail_attachments', 'storedName'], ['mail_outbox', 'payloadFile']]) {
        const rows: Record<string, string>[] = await this.db.query(`SELECT ${column} AS name FROM ${table} WHERE ${column} IN (${marks})`, names);
        for (const r of rows) known.add(r.name);
      }
      for (const key of batch) {
        if (known.has(MailFiles.nameOfKey(key))) continue;
        await remote.delete(key);
        removed += 1;
      }
      batch = [];
    };
    for await (const f of remote.list('mail')) {
      if (f.modifiedAt.getTime() > limit) continue;
      batch.push(f.key);
      if (batch.length >= 500) await flush();
    }
    await flush();
    if (removed) this.logger.warn(`${removed} arquivo(s) de e-mail sem registro removido(s) do armazenamento.`);
    return removed;
  }
}
