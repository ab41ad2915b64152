import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { JobScheduler, PeriodicJob } from '../platform/jobs';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { MailFiles } from '../platform/storage';

/** How long an object without a row may sit before it is taken for a crash's leftover. */
export const MAIL_ORPHAN_GRACE_MS = 15 * 60_000;

/**
 * The mail files no row knows are removed: a body, an attachment, an outbox payload or a large spooled
 * message is known by mail_messages.bodyFile, mail_attachments.storedName, mail_outbox.payloadFile or
 * mail_spool.rawFile. They are left by a process that died between a file and its row (killed while it
 * stored a message, or after a spooled message was stored and before its file was removed), or by a
 * caller's transaction that rolled back after its outbox payload was written. With STORAGE=s3: at start-up and
 * every 6 h, on the job replica, objects older than the grace (a peer may be between its object and
 * its row). On the local disk (one process per DATA_DIR): at start-up, every file older than this process.
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
    if (!this.config.scale.backgroundJobs) return;
    if (this.files.remote) {
      this.jobs.schedule(this, { now: true });
      return;
    }
    // Nothing this process wrote is older than its start: what is, and has no row, a killed predecessor left.
    const t0 = performance.now();
    const stats = { checked: 0 };
    void this.sweep(performance.timeOrigin, stats)
      .then(() => this.logger.log(`Arquivos de e-mail conferidos: ${stats.checked} em ${Math.round(performance.now() - t0)} ms.`))
      .catch((err) => this.logger.error(`Falha na varredura dos arquivos de e-mail: ${(err as Error).message}`));
  }

  async runOnce(now: Date, graceMs = MAIL_ORPHAN_GRACE_MS): Promise<number> {
    return this.sweep(now.getTime() - graceMs);
  }

  /** Removes the files older than `before` (ms since the epoch) that no row knows; how many (`stats.checked`: how many were looked up). */
  async sweep(before: number, stats = { checked: 0 }): Promise<number> {
    let removed = 0;
    let batch: { name: string; remove: () => Promise<void> }[] = [];
    const flush = async () => {
      if (!batch.length) return;
      const marks = batch.map(() => '?').join(', ');
      const names = batch.map((f) => f.name);
      stats.checked += names.length;
      const known = new Set<string>();
      for (const [table, column] of [['mail_messages', 'bodyFile'], ['mail_attachments', 'storedName'], ['mail_outbox', 'payloadFile'], ['mail_spool', 'rawFile']]) {
        const rows: Record<string, string>[] = await this.db.query(`SELECT ${column} AS name FROM ${table} WHERE ${column} IN (${marks})`, names);
        for (const r of rows) known.add(r.name);
      }
      for (const f of batch) {
        if (known.has(f.name)) continue;
        await f.remove();
        removed += 1;
      }
      batch = [];
    };
    for await (const f of this.storedFiles()) {
      if (f.modifiedAt.getTime() >= before) continue;
      batch.push(f);
      if (batch.length >= 500) await flush();
    }
    await flush();
    if (removed) this.logger.warn(`${removed} arquivo(s) de e-mail sem registro removido(s) do armazenamento.`);
    return removed;
  }

  private async *storedFiles(): AsyncIterable<{ name: string; modifiedAt: Date; remove: () => Promise<void> }> {
    const remote = this.files.remote;
    if (!remote) {
      for await (const f of this.files.localFiles()) yield { ...f, remove: () => this.files.remove([f.name]) };
      return;
    }
    for await (const f of remote.list('mail')) yield { name: MailFiles.nameOfKey(f.key), modifiedAt: f.modifiedAt, remove: () => remote.delete(f.key) };
  }
}
