import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import canonicalize from 'canonicalize';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import type { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { JobScheduler, PeriodicJob } from '../platform/jobs';
import { DOCUMENT_STORAGE, DocumentStorage } from '../platform/storage';
import { auditKeyOf, auditKeyringOf } from '../platform/audit-chain';

/** Where the checkpoints live in the document storage (local disk or the bucket; in every backup). */
export const CHECKPOINT_PREFIX = 'auditoria/pontos';
/** A checkpoint at least this often while entries are written (and every AUDIT_CHECKPOINT_ENTRIES entries). */
const HOURLY_MS = 60 * 60_000;
/** The newest this many are kept (two days of hourly ones); the verification reads them all. */
const KEEP = 48;

/** The chain's head as it was at `em`: its last seq and MAC, and how many entries the table held. */
export interface Checkpoint {
  seq: number;
  mac: string;
  count: number;
  em: string;
}

export interface CheckpointReading {
  /** Valid ones, oldest first. */
  valid: Checkpoint[];
  /** Keys of files that are not a checkpoint signed with this chain's key. */
  invalid: string[];
}

const keyOf = (seq: number) => `${CHECKPOINT_PREFIX}/${String(seq).padStart(12, '0')}`;

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Signed checkpoints of the audit chain's head, written outside the database (issue 55, ADR 0009):
 * a small JSON file per checkpoint in the document storage, signed with HMAC-SHA-256 under the
 * chain's key. The job looks every 5 minutes and writes one when the head moved by
 * AUDIT_CHECKPOINT_ENTRIES entries, or moved at all and the last is an hour old. A head behind the
 * last checkpoint is a truncated chain: the verification says so, and no checkpoint is written over it.
 */
@Injectable()
export class AuditCheckpoints implements PeriodicJob, OnApplicationBootstrap {
  readonly name = 'AuditoriaPontoDeControle';
  readonly everyMs = 5 * 60_000;
  private readonly logger = new Logger(AuditCheckpoints.name);

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DOCUMENT_STORAGE) private readonly storage: DocumentStorage,
    private readonly jobs: JobScheduler,
  ) {}

  onApplicationBootstrap(): void {
    this.jobs.schedule(this, { now: true });
  }

  private sign(c: Checkpoint, key = auditKeyOf(this.ds)): string {
    const content = { seq: c.seq, mac: c.mac, count: c.count, em: c.em };
    return createHmac('sha256', key).update(canonicalize(content) as string, 'utf8').digest('hex');
  }

  private verifies(c: Checkpoint & { assinatura?: unknown }): boolean {
    if (typeof c.assinatura !== 'string' || !/^[0-9a-f]{64}$/.test(c.assinatura)) return false;
    if (!Number.isSafeInteger(c.seq) || typeof c.mac !== 'string' || !Number.isSafeInteger(c.count) || typeof c.em !== 'string') return false;
    // Signed with the current key or one a rotation retired (its checkpoints stay until they age out).
    const assinatura = Buffer.from(c.assinatura, 'hex');
    return [...auditKeyringOf(this.ds).byId.values()].some((key) => timingSafeEqual(Buffer.from(this.sign(c, key), 'hex'), assinatura));
  }

  /** Every checkpoint file, read and checked. */
  async read(): Promise<CheckpointReading> {
    const valid: Checkpoint[] = [];
    const invalid: string[] = [];
    for await (const f of this.storage.list(CHECKPOINT_PREFIX)) {
      try {
        const c = JSON.parse(await readAll(await this.storage.openRead(f.key))) as Checkpoint & { assinatura?: unknown };
        if (this.verifies(c) && f.key === keyOf(c.seq)) valid.push({ seq: c.seq, mac: c.mac, count: c.count, em: c.em });
        else invalid.push(f.key);
      } catch {
        invalid.push(f.key);
      }
    }
    return { valid: valid.sort((a, b) => a.seq - b.seq), invalid };
  }

  /** One look: a new checkpoint when due (answers it), else null. */
  async runOnce(now: Date = new Date()): Promise<Checkpoint | null> {
    const { valid } = await this.read();
    const last = valid.at(-1);
    const [head] = await this.ds.query('SELECT seq, hash FROM auditoria_cadeia WHERE id = 1');
    const seq = Number(head?.seq ?? 0);
    if (!seq || (last && seq <= last.seq)) return null;
    if (last && seq - last.seq < this.config.audit.checkpointEntries && now.getTime() - Date.parse(last.em) < HOURLY_MS) return null;
    return this.write(now, valid);
  }

  /** Writes a checkpoint of the head now (unless the head is behind the last one), and keeps the newest KEEP. */
  async write(now: Date = new Date(), known?: Checkpoint[]): Promise<Checkpoint | null> {
    const valid = known ?? (await this.read()).valid;
    const [head] = await this.ds.query('SELECT seq, hash FROM auditoria_cadeia WHERE id = 1');
    const [{ n }] = await this.ds.query('SELECT COUNT(*) AS n FROM auditoria');
    const c: Checkpoint = { seq: Number(head.seq), mac: String(head.hash), count: Number(n), em: now.toISOString() };
    const last = valid.at(-1);
    if (!c.seq || (last && c.seq <= last.seq)) return null;
    const temp = path.join(this.storage.tempDir, `ponto-${randomUUID()}.json`);
    await fsp.writeFile(temp, `${JSON.stringify({ ...c, assinatura: this.sign(c) })}\n`, { mode: 0o600 });
    try {
      await this.storage.putFile(keyOf(c.seq), temp);
    } finally {
      await fsp.rm(temp, { force: true });
    }
    for (const old of [...valid, c].slice(0, -KEEP)) await this.storage.delete(keyOf(old.seq));
    this.logger.log(`Ponto de controle da auditoria: entrada ${c.seq}.`);
    return c;
  }
}
