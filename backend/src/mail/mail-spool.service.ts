import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, LessThanOrEqual, Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { DurableCommits, insertRows, newId, outsideTransactions } from '../platform/database';
import { JobScheduler } from '../platform/jobs';
import { MailSpoolRow } from './entities/mail-spool.entity';
import type { MailMessage } from './entities/mail-message.entity';
import type { InboundMessage } from './inbound-message';
import { MailFiles } from '../platform/storage';
import { MailParser } from './mail-parser';
import { MailboxService, NewMessage, Placement } from './mailbox.service';

/** Larger messages are spooled in a mail file of their own (MailFiles), the row naming it: not as a blob in the database. */
export const SPOOL_ROW_MAX_BYTES = 1024 * 1024;
/** Bytes of spooled messages waiting for the inboxes in this process; past it, messages are stored before their 250 again (the senders wait). */
const SPOOL_MAX_BACKLOG_BYTES = 256 * 1024 * 1024;
/** Spooled messages stored per transaction, */
const BATCH = 16;
/** and their raw bytes read back at once: at least one message, more while they add up to at most this. */
const BATCH_MAX_BYTES = 32 * 1024 * 1024;
/** Spooled messages are stored once no message has arrived for this long (or after MAIL_SPOOL_WAIT_MS). */
const QUIET_MS = 20;
/** A row stays with the process that spooled (or took) it for this long; then any process may take it. */
const LEASE_MS = 5 * 60_000;
/** Waits after the 1st, 2nd, ... failed attempt to store a spooled message (the last one repeats). */
const RETRY_MS = [60_000, 5 * 60_000, 15 * 60_000, 3_600_000];
const RECOVER_EVERY_MS = 60_000;
const PAGE = 100;

/** A large message's bytes already in a mail file (synced and placed), and how many. */
export interface SpooledFile {
  rawFile: string;
  bytes: number;
}

/** A message in the spool's queue: its bytes stay in its row, read back when its batch is stored. */
interface Spooled {
  id: string;
  /** When it was queued (ms; 0 for a row recovered from the table: due at once). */
  at: number;
  /** The size of its raw bytes. */
  bytes: number;
  mailFrom: string;
  ownerIds: string[];
  attempts: number;
  /** The mail file holding its raw bytes (a message over SPOOL_ROW_MAX_BYTES), else null: in the row. */
  rawFile: string | null;
}

/**
 * The SMTP spool (issue 14, SMTP ingest): while the listener is busy storing other messages, a
 * message is answered 250 once its raw bytes and envelope are committed (and synced) in
 * `mail_spool`; it is parsed and stored into the inboxes a moment later, many per transaction, the
 * spool row deleted in that same transaction. A process that dies leaves its rows: at the start of
 * a single process every row is taken; with replicas (REDIS_URL), a row whose lease ran out, every
 * minute. A message that cannot be stored stays, and is tried again with growing waits: a 250 is
 * never lost. The queue in memory holds ids and envelopes; the bytes are read back from the rows,
 * a batch at a time (a burst of large messages held in memory until the quiet made the collector
 * work through it, and the senders waited for both). A message over SPOOL_ROW_MAX_BYTES is spooled
 * too, its bytes in a mail file its row names (MailFiles: synced, or in the bucket, before the row),
 * removed once the message is stored.
 */
@Injectable()
export class MailSpool implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('MailSpool');
  private readonly queue: Spooled[] = [];
  private queuedBytes = 0;
  private draining: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private lastArrival = 0;
  /** The batch sent to the parser while the one before it is stored (kept when a drain gives way to arrivals: the next drain stores it first). */
  private parsedAhead: { batch: Spooled[]; parsed: Promise<PromiseSettledResult<InboundMessage | null>[]> } | null = null;
  private closing = false;
  /** Told of the rows stored (the listener keeps its mailbox sizes). */
  onStored: (rows: MailMessage[]) => void = () => undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(MailSpoolRow) private readonly rows: Repository<MailSpoolRow>,
    private readonly mailbox: MailboxService,
    private readonly commits: DurableCommits,
    private readonly jobs: JobScheduler,
    private readonly parser: MailParser,
    private readonly files: MailFiles,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // One process on its database (no REDIS_URL): every row left is a dead process's, this one's
    // before a restart; stored before the app answers, so the inboxes are whole once it does.
    if (!this.config.scale.redisUrl) await this.recover(true);
    if (this.config.scale.backgroundJobs) this.jobs.schedule({ name: 'MailSpool', everyMs: RECOVER_EVERY_MS, runOnce: () => this.recover(false) });
  }

  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.idle();
  }

  /** Whether the listener writes a large message to a mail file as it arrives (it may be spooled from there). */
  spills(): boolean {
    return this.config.mail.spool !== 'off' && !this.closing;
  }

  /** Whether a message of `bytes` is spooled rather than stored before its 250 (`busy`: the listener is storing another). */
  takes(bytes: number, busy: boolean): boolean {
    const mode = this.config.mail.spool;
    if (mode === 'off' || this.closing) return false;
    if (this.queuedBytes + bytes > SPOOL_MAX_BACKLOG_BYTES) return false;
    // Its own drain storing a batch is busy too (its queue may be empty meanwhile): a message stored before
    // its 250 then waits for that batch's transaction, and its parse competes with the batch's.
    return mode === 'always' || busy || this.draining !== null || this.waiting() !== null;
  }

  /**
   * Commits the message to the spool, synced (the caller answers 250 after this), and queues it for the
   * inboxes: its bytes in the row, or over SPOOL_ROW_MAX_BYTES a mail file the listener wrote and synced
   * as the message arrived (MailFiles.writer), the spool's once this resolves (the caller's until then). Parsing and storing its
   * attachments, most of a large message's work, then wait for the quiet after the burst like the others'.
   */
  async add(raw: Buffer | SpooledFile, mailFrom: string, ownerIds: string[], remoteAddress: string): Promise<string> {
    const id = newId();
    const inRow = Buffer.isBuffer(raw);
    const rawFile = inRow ? null : raw.rawFile;
    const bytes = inRow ? raw.length : raw.bytes;
    const row = this.rows.create({ id, raw: inRow ? raw : Buffer.alloc(0), rawFile, mailFrom: mailFrom.slice(0, 254), owners: JSON.stringify(ownerIds), remoteAddress: (remoteAddress || '?').slice(0, 64), leaseUntil: new Date(Date.now() + LEASE_MS), attempts: 0, lastError: null });
    // One autocommit INSERT, never inside another caller's transaction (whose rollback would take it along after its 250).
    await outsideTransactions(this.db, (em) => insertRows(em, MailSpoolRow, [row], { binary: true }));
    await this.commits.flush();
    this.enqueue({ id, at: Date.now(), bytes, mailFrom, ownerIds, attempts: 0, rawFile });
    return id;
  }

  /**
   * The listener is receiving (a command of a mail transaction, or a piece of a message's data):
   * spooled messages wait for the quiet after it. Large messages arrive far apart while their bytes
   * keep coming, and a quiet moment counted from arrivals alone fell inside such a burst.
   */
  heard(): void {
    this.lastArrival = Date.now();
  }

  /** Resolves once nothing waits in this process's queue. */
  async idle(): Promise<void> {
    while (this.draining || this.waiting() !== null) {
      if (!this.draining) this.startDrain();
      await this.draining;
    }
  }

  /**
   * Takes the rows no live process holds (`all`: every row, at a single process's start) and stores
   * them. Returns how many were taken.
   */
  async recover(all: boolean): Promise<number> {
    const ids = all
      ? (await this.rows.find({ select: { id: true }, order: { createdAt: 'ASC' } })).map((r) => r.id)
      : (await this.rows.find({ select: { id: true }, where: { leaseUntil: LessThanOrEqual(new Date()) }, order: { leaseUntil: 'ASC' }, take: 1000 })).map((r) => r.id);
    let taken = 0;
    for (let i = 0; i < ids.length && !this.closing; i += PAGE) {
      const page: Spooled[] = [];
      for (const id of ids.slice(i, i + PAGE)) {
        const now = new Date();
        const claimed = await this.rows.update(all ? { id } : { id, leaseUntil: LessThanOrEqual(now) }, { leaseUntil: new Date(now.getTime() + LEASE_MS), updatedAt: now });
        if (claimed.affected !== 1) continue;
        const [row] = (await this.db.query('SELECT mailFrom, owners, attempts, rawFile, LENGTH(raw) AS bytes FROM mail_spool WHERE id = ?', [id])) as { mailFrom: string; owners: string; attempts: number; rawFile: string | null; bytes: number | string }[];
        if (!row) continue;
        // A file gone missing fails the message's attempt when its batch is read (and says so), like a bad row.
        const bytes = row.rawFile ? await this.files.size(row.rawFile).catch(() => 0) : Number(row.bytes);
        page.push({ id, at: 0, bytes, mailFrom: row.mailFrom, ownerIds: JSON.parse(row.owners) as string[], attempts: Number(row.attempts), rawFile: row.rawFile ?? null });
      }
      this.queue.push(...page);
      this.queuedBytes += page.reduce((n, item) => n + item.bytes, 0);
      taken += page.length;
      await this.idle();
    }
    if (taken) this.logger.log(`${taken} e-mail(s) recebido(s) que aguardavam na fila (spool) foram guardados nas caixas.`);
    return taken;
  }

  private enqueue(item: Spooled): void {
    this.queue.push(item);
    this.queuedBytes += item.bytes;
    this.lastArrival = item.at;
    this.schedule();
  }

  /** Stores the queue once the listener has been quiet for QUIET_MS, or its oldest message has waited MAIL_SPOOL_WAIT_MS. */
  private schedule(): void {
    const oldest = this.waiting();
    if (this.draining || this.timer || oldest === null) return;
    const now = Date.now();
    const wait = Math.min(this.lastArrival + QUIET_MS - now, oldest + this.config.mail.spoolWaitMs - now);
    if (wait <= 0) return this.startDrain();
    // Checked again after the event loop's next poll for I/O: a timer runs before the sockets are read,
    // so after the loop was held (a batch being stored, a collection) the quiet it saw was the loop's own.
    this.timer = setTimeout(() => {
      setImmediate(() => {
        this.timer = null;
        this.schedule();
      });
    }, wait);
    this.timer.unref();
  }

  private startDrain(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.draining = this.drain().finally(() => {
      this.draining = null;
      this.schedule();
    });
  }

  /** Batch after batch until the queue is empty, letting the listener and the API in between; while messages keep arriving, one batch (arriving()). */
  private async drain(): Promise<void> {
    let current = this.parsedAhead ?? this.nextBatch();
    this.parsedAhead = null;
    while (current) {
      const { batch, parsed } = current;
      // The next batch is parsed (in the parser's thread) while this one is stored.
      this.parsedAhead = this.nextBatch();
      try {
        await this.store(batch, await parsed);
      } finally {
        for (const item of batch) this.queuedBytes -= item.bytes;
      }
      await new Promise((resolve) => setImmediate(resolve));
      if (this.arriving()) return;
      current = this.parsedAhead ?? this.nextBatch();
      this.parsedAhead = null;
    }
  }

  /**
   * Messages are still arriving: a drain gives way after its batch (the listener's 250s first), and
   * schedule() starts the next one at once if a message has waited MAIL_SPOOL_WAIT_MS, or in the next
   * quiet moment.
   */
  private arriving(): boolean {
    return !this.closing && Date.now() - this.lastArrival < QUIET_MS;
  }

  /** When the oldest message not yet stored was queued, or null when none waits. */
  private waiting(): number | null {
    return this.parsedAhead?.batch[0]?.at ?? this.queue[0]?.at ?? null;
  }

  /**
   * The next messages of the queue (BATCH, fewer when their bytes pass BATCH_MAX_BYTES), their rows read
   * back in one query (and the files of the large ones), all sent to the parser's thread at once
   * (settled: a failure is one message's), or null when the queue is empty.
   */
  private nextBatch(): { batch: Spooled[]; parsed: Promise<PromiseSettledResult<InboundMessage | null>[]> } | null {
    if (!this.queue.length) return null;
    let take = 0;
    for (let bytes = 0; take < Math.min(BATCH, this.queue.length) && (take === 0 || bytes + this.queue[take].bytes <= BATCH_MAX_BYTES); take++) bytes += this.queue[take].bytes;
    const batch = this.queue.splice(0, take);
    const raws = this.rows.find({ select: { id: true, raw: true }, where: { id: In(batch.map((item) => item.id)) } }).then((rows) => new Map(rows.map((r) => [r.id, r.raw])));
    raws.catch(() => undefined); // each message of the batch fails with it below
    const parse = async (item: Spooled) => {
      const raw = (await raws).get(item.id);
      // No row: another replica took it once its lease ran out (it stores it), or it was stored already.
      if (!raw) return null;
      const bytes = item.rawFile ? await this.files.read(item.rawFile) : Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
      return this.parser.parse(bytes, item.mailFrom);
    };
    return { batch, parsed: Promise.allSettled(batch.map(parse)) };
  }

  /** Never throws: a message that cannot be stored is left in the spool for a later attempt. */
  private async store(batch: Spooled[], parsed: PromiseSettledResult<InboundMessage | null>[]): Promise<void> {
    if (!batch.length) return;
    const ready: { item: Spooled; message: NewMessage; placements: Placement[] }[] = [];
    const dropped: Spooled[] = [];
    let existing: Set<string>;
    try {
      const owners = [...new Set(batch.flatMap((b) => b.ownerIds))];
      existing = new Set(owners.length ? (await this.db.query(`SELECT id FROM users WHERE id IN (${owners.map(() => '?').join(', ')})`, owners)).map((r: { id: string }) => r.id) : []);
    } catch (err) {
      for (const item of batch) await this.later(item, err as Error);
      return;
    }
    for (const [i, item] of batch.entries()) {
      try {
        const result = parsed[i];
        if (result.status === 'rejected') throw result.reason;
        if (!result.value) continue;
        const inbound: InboundMessage = result.value;
        const placements = item.ownerIds.filter((id) => existing.has(id)).map((ownerId) => ({ ownerId, folder: 'inbox' as const, read: false, keepBcc: false }));
        if (inbound.forgedLocal || !placements.length) {
          // Checked from the header block before the 250; a parser that reads it otherwise, or
          // recipients deleted since, leave nothing to store.
          this.logger.warn(`E-mail ${item.id} da fila descartado: ${inbound.forgedLocal ? `remetente local forjado <${inbound.forgedLocal}>` : 'os destinatários não existem mais'}.`);
          dropped.push(item);
          continue;
        }
        ready.push({ item, message: inbound.message, placements });
      } catch (err) {
        await this.later(item, err as Error);
      }
    }
    if (!ready.length && !dropped.length) return;
    try {
      this.onStored((await this.mailbox.storeAll(ready, (em) => this.remove(em, [...ready.map((r) => r.item.id), ...dropped.map((d) => d.id)]))).flat());
      await this.discardFiles([...ready.map((r) => r.item), ...dropped]);
      return;
    } catch (err) {
      if (ready.length === 1) await this.later(ready[0].item, err as Error);
    }
    // One at a time: the batch's failure was one message's (or the database's, and each will say so).
    if (ready.length > 1) {
      for (const r of ready) {
        try {
          this.onStored((await this.mailbox.storeAll([r], (em) => this.remove(em, [r.item.id]))).flat());
          await this.discardFiles([r.item]);
        } catch (err) {
          await this.later(r.item, err as Error);
        }
      }
    }
    if (dropped.length) {
      const ids = dropped.map((d) => d.id);
      await this.remove(this.db.manager, ids)
        .then(() => this.discardFiles(dropped))
        .catch((err: Error) => this.logger.error(`Fila de e-mails recebidos: ${err.message}`));
    }
  }

  private async remove(em: EntityManager, ids: string[]): Promise<void> {
    if (ids.length) await em.delete(MailSpoolRow, { id: In(ids) });
  }

  /** The files of messages whose rows are gone (committed): one left by a failure here is MailOrphanSweep's. */
  private async discardFiles(items: Spooled[]): Promise<void> {
    const names = items.flatMap((item) => (item.rawFile ? [item.rawFile] : []));
    if (names.length) await this.files.remove(names).catch((err: Error) => this.logger.warn(`Arquivo(s) da fila de e-mails não removido(s): ${err.message}`));
  }

  /** Leaves the row for a later attempt (any process may take it once its lease ends). */
  private async later(item: Spooled, err: Error): Promise<void> {
    const attempts = item.attempts + 1;
    const wait = RETRY_MS[Math.min(attempts, RETRY_MS.length) - 1];
    this.logger.error(`E-mail ${item.id} da fila não guardado (tentativa ${attempts}; nova tentativa em ${Math.round(wait / 1000)} s): ${err.message}`);
    await this.rows
      .update({ id: item.id }, { attempts, lastError: err.message.slice(0, 500), leaseUntil: new Date(Date.now() + wait), updatedAt: new Date() })
      .catch((e: Error) => this.logger.error(`Fila de e-mails recebidos: ${e.message}`));
  }
}
