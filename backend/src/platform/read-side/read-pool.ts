import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Worker } from 'node:worker_threads';
import { DataSource, EntityManager, QueryFailedError, QueryRunner } from 'typeorm';
import { BetterSqlite3QueryRunner } from 'typeorm/driver/better-sqlite3/BetterSqlite3QueryRunner';
import type { BetterSqlite3Driver } from 'typeorm/driver/better-sqlite3/BetterSqlite3Driver';
import { APP_CONFIG, AppConfig } from '../config';
import { BatchedReads } from './batched-reads';

/** What point() uses of a better-sqlite3 statement. */
type PointStatement = { reader: boolean; all(...params: unknown[]): unknown[] };

/** better-sqlite3 binds no booleans: 1 and 0, as TypeORM's driver writes them. */
const bindable = (params: unknown[]) => params.map((p) => (typeof p === 'boolean' ? (p ? 1 : 0) : p));

/**
 * The worker's code, run with `eval` so it works the same from the build and from the TypeScript
 * sources under jest. One better-sqlite3 connection, read-only, on the app's file; it answers
 * `{ id, sql, params }` with the rows, `write: true` for a statement that is not a read (run it on
 * the writer), or the error. Rows of plain values travel as one JSON text of arrays with their
 * column names (`columns`, `json`): the main thread parses it in a third of the time it takes to
 * deserialize the same rows as objects, and the main thread is what a list request waits for
 * (issue 14). Rows holding a blob or a number JSON cannot spell (±Infinity, -0) go as objects (`rows`).
 */
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
const cache = new Map();
// Shared with the main thread (ReadPool.pick): [0] when the running query started (ms since the
// epoch, fractional; 0 = idle), [1] how many queries were answered. Read without locks: only a hint.
const state = new Float64Array(workerData.state);
const clock = () => performance.timeOrigin + performance.now();
const plain = (rows) => {
  for (const row of rows) {
    for (const v of row) {
      if (v !== null && typeof v === 'object') return false;
      if (typeof v === 'number' && (!Number.isFinite(v) || Object.is(v, -0))) return false;
    }
  }
  return true;
};
parentPort.on('message', ({ id, sql, params }) => {
  state[0] = clock();
  try {
    let stmt = cache.get(sql);
    if (!stmt) {
      stmt = db.prepare(sql);
      cache.set(sql, stmt);
      if (cache.size > 200) cache.delete(cache.keys().next().value);
    }
    if (!stmt.reader) return parentPort.postMessage({ id, write: true });
    const rows = stmt.raw(true).all(...params);
    const columns = stmt.columns().map((c) => c.name);
    if (plain(rows)) {
      let json = null;
      try {
        json = JSON.stringify(rows);
      } catch {
        // Longer than a string may be (hundreds of MB): as objects below.
      }
      if (json !== null) return parentPort.postMessage({ id, columns, json });
    }
    parentPort.postMessage({ id, rows: rows.map((r) => Object.fromEntries(columns.map((c, i) => [c, r[i]]))) });
  } catch (err) {
    parentPort.postMessage({ id, error: { message: String(err && err.message), code: err && err.code } });
  } finally {
    state[0] = 0;
    state[1] += 1;
  }
});
`;

/** A statement the worker will not run (not a read): the caller runs it on the writer. */
export class NotARead extends Error {}
/** The worker died with the query in flight (terminated, out of memory): nothing was read. */
export class ReaderGone extends Error {}

interface Pending {
  resolve: (rows: unknown[]) => void;
  reject: (err: Error) => void;
}

/**
 * A reader whose running query has run this long (ms) is taken as busy with a slow one (a report, an
 * export) and the next query goes to another reader; younger than that, it stays on the first reader
 * (see ReadPool.pick).
 */
export const READER_BUSY_MS = 4;
/**
 * Queries waiting in one reader (posted, not yet answered) before the next one goes elsewhere all the
 * same. High: a burst of 50 connections' list requests queues a few dozen quick queries, and one
 * reader keeps ahead of the event loop that sends them (at 8, a sixth of them spilled to a second
 * reader and the CPU per answer went back up).
 */
export const READER_QUEUE = 64;

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
  /** The worker's [running query's start, answered count] (see WORKER_CODE). */
  state: Float64Array;
  /** Queries posted to it. */
  posted: number;
}

/** Blobs come back from the worker as Uint8Array (structured clone); TypeORM expects Buffers. */
function reviveBlobs(rows: unknown[]): unknown[] {
  for (const row of rows as Record<string, unknown>[]) {
    for (const k in row) {
      const v = row[k];
      if (v instanceof Uint8Array && !Buffer.isBuffer(v)) row[k] = Buffer.from(v.buffer, v.byteOffset, v.byteLength);
    }
  }
  return rows;
}

/** Builds a row object from an array of values, for each list of column names seen (compiled once). */
const rowMakers = new Map<string, (values: unknown[]) => Record<string, unknown>>();

/**
 * The worker's JSON rows as the objects better-sqlite3 gives: one key per column in order, a later
 * column of the same name winning. Built by an object literal compiled per column list, so every row
 * of a query has the same shape (cheaper to make and to read than keys added one by one).
 */
export function rowsFromArrays(columns: string[], arrays: unknown[][]): Record<string, unknown>[] {
  const key = columns.join('\u0000');
  let make = rowMakers.get(key);
  if (!make) {
    // JSON.stringify quotes any name safely; "__proto__" as a computed key is an own property, not the prototype.
    const fields = columns.map((c, i) => `${c === '__proto__' ? `[${JSON.stringify(c)}]` : JSON.stringify(c)}: v[${i}]`);
    make = new Function('v', `return { ${fields.join(', ')} };`) as (values: unknown[]) => Record<string, unknown>;
    if (rowMakers.size >= 500) rowMakers.delete(rowMakers.keys().next().value!);
    rowMakers.set(key, make);
  }
  return arrays.map(make);
}

/**
 * SELECTs on the read pool, every other statement (and anything inside a transaction) on
 * TypeORM's own connection. Used through ReadPool.manager, never for transactions.
 */
class PoolQueryRunner extends BetterSqlite3QueryRunner {
  constructor(
    driver: BetterSqlite3Driver,
    private readonly pool: ReadPool,
  ) {
    super(driver);
  }

  override async query(query: string, parameters: unknown[] = [], useStructuredResult = false): Promise<any> {
    if (this.isTransactionActive || !/^\s*(SELECT|WITH)\b/i.test(query)) return super.query(query, parameters, useStructuredResult);
    let rows: unknown[];
    try {
      rows = await this.pool.query(query, parameters);
    } catch (err) {
      // Not a read, or the reader died under it: the writer's connection answers instead.
      if (err instanceof NotARead || err instanceof ReaderGone) return super.query(query, parameters, useStructuredResult);
      throw err;
    }
    if (!useStructuredResult) return rows;
    return { records: rows, raw: rows };
  }

  override release(): Promise<void> {
    // Shared by every read of the app: never released (TypeORM releases only runners it created).
    return Promise.resolve();
  }
}

/**
 * Reads off the event loop (issue 14). With SQLite, a few worker threads each hold a read-only
 * better-sqlite3 connection on the same file (WAL: readers see every committed write and do not
 * block the writer); the heavy list, search, count and report queries go there, so two cores
 * serve them and the event loop stays free. Writes and transactions stay on TypeORM's single
 * connection. `SQLITE_READERS` sets the number of workers (default: the CPU count; 0 = none, every
 * read on the writer). On MySQL/MariaDB the pool is the data source itself.
 *
 * Read-your-writes: better-sqlite3 commits synchronously before the request goes on, and a
 * worker's statement starts its read after it is posted, so it sees the commit.
 */
@Injectable()
export class ReadPool implements OnApplicationShutdown {
  private readonly logger = new Logger('ReadPool');
  private readonly slots: Slot[] = [];
  private nextId = 1;
  private closed = false;
  /** The entity manager of the reads: its SELECTs run on the pool. */
  readonly manager: EntityManager;
  readonly size: number;
  /** How many queries the workers answered (tests and metrics). */
  served = 0;
  /** MySQL/MariaDB's reads by key (pointByKey), those asked for at the same time run as one statement. */
  readonly batches = new BatchedReads();

  constructor(
    private readonly db: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const file = config.database.type === 'sqlite' ? config.database.file : null;
    this.size = file && db.options.type === 'better-sqlite3' && file !== ':memory:' ? config.sqliteReaders : 0;
    this.file = file ?? '';
    this.manager = this.size > 0 ? db.createEntityManager(new PoolQueryRunner(db.driver as BetterSqlite3Driver, this) as QueryRunner) : db.manager;
  }

  private readonly file: string;
  /**
   * MySQL/MariaDB: mysql2's own pool, where a point read goes straight (no query runner of TypeORM's, no
   * events to broadcast: a few tens of microseconds of every request's one statement). Null elsewhere.
   */
  private get mysqlPool(): MysqlPool | null {
    return this.db.options.type === 'mysql' ? ((this.db.driver as { pool?: MysqlPool }).pool ?? null) : null;
  }

  get enabled(): boolean {
    return this.size > 0;
  }

  /** Raw SQL with `?` parameters: on a reader when there is a pool, else on the data source. */
  async read<T = any>(sql: string, params: unknown[] = []): Promise<T[]> {
    if (!this.enabled) return this.db.query(sql, params);
    return this.manager.query(sql, params);
  }

  /**
   * A point read — a row by primary key, the sum of a few version counters: microseconds from an index —
   * where it costs least. With the SQLite pool, on a read-only connection of the main thread, run at once:
   * a message to a reader thread and back cost more than such a read (every authenticated request looks up
   * its user, every kept list answer reads a version). Like the readers it sees committed data only, and a
   * commit made before it (better-sqlite3 commits synchronously). It never waits for a lock on the event
   * loop: busy (a checkpoint restarting the log), it goes to a reader. On MySQL/MariaDB, on mysql2's pool.
   * Elsewhere as read(). Reads only.
   */
  async point<T = any>(sql: string, params: unknown[] = []): Promise<T[]> {
    if (!this.enabled || this.closed) {
      const pool = this.mysqlPool;
      return pool ? pooledQuery<T>(pool, sql, params) : this.read(sql, params);
    }
    const normalized = bindable(params);
    let st = this.points.get(sql);
    try {
      if (!st) {
        const Database = (this.db.driver as BetterSqlite3Driver).sqlite;
        const db = (this.pointDb ??= new Database(this.file, { readonly: true, fileMustExist: true, timeout: 0 }) as NonNullable<ReadPool['pointDb']>);
        st = db.prepare(sql) as PointStatement;
        if (!st.reader) throw new NotARead(sql);
        if (this.points.size < 100) this.points.set(sql, st);
      }
      return st.all(...normalized) as T[];
    } catch (err) {
      if ((err as { code?: string }).code === 'SQLITE_BUSY') return this.read(sql, params);
      throw err instanceof NotARead ? err : new QueryFailedError(sql, normalized, err as Error);
    }
  }

  /**
   * A point read by key (rowById: the token's person, with the data versions), the statement being
   * `${head}${placeholders})` and its rows carrying their key as `keyColumn`. As point(), but on
   * MySQL/MariaDB the keys asked for at the same time are read in one statement (BatchedReads: never from a
   * statement that started before the caller asked): every authenticated request makes this read, and each
   * was a round trip to the database's thread on the app's cores. The rows are shared: not to be changed.
   */
  pointByKey<T extends Record<string, unknown>>(head: string, key: string, keyColumn: string): Promise<T[]> {
    const pool = !this.enabled || this.closed ? this.mysqlPool : null;
    if (!pool) return this.point<T>(`${head}?)`, [key]);
    return this.batches.read<T>(
      head,
      key,
      (keys) => pooledQuery<T>(pool, `${head}${keys.map(() => '?').join(', ')})`, keys),
      (row) => String(row[keyColumn]),
    );
  }

  /** The main thread's read-only connection (point), opened on first use, and its statements by SQL. */
  private pointDb: { prepare(sql: string): unknown; close(): void } | null = null;
  private readonly points = new Map<string, PointStatement>();

  /** One read on the worker pick() chooses (spawned on first use, and again after one dies). */
  query(sql: string, params: unknown[]): Promise<unknown[]> {
    if (this.closed) return Promise.reject(new ReaderGone('encerrando'));
    const slot = this.pick();
    const id = this.nextId++;
    const normalized = bindable(params);
    return new Promise<unknown[]>((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      slot.posted++;
      slot.worker.postMessage({ id, sql, params: normalized });
    }).catch((err: Error) => {
      throw err instanceof NotARead || err instanceof ReaderGone ? err : new QueryFailedError(sql, normalized, err);
    });
  }

  /** The live workers (tests). */
  workers(): Worker[] {
    return this.slots.map((s) => s.worker);
  }

  /** How many queries each live worker was sent (tests, metrics). */
  postedPerWorker(): number[] {
    return this.slots.map((s) => s.posted);
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    this.points.clear();
    this.pointDb?.close();
    this.pointDb = null;
    await Promise.all(this.slots.splice(0).map((s) => s.worker.terminate()));
  }

  /**
   * The first reader that is idle or busy only with fresh, short queries (its running query younger
   * than READER_BUSY_MS, fewer than READER_QUEUE waiting); else a new reader while the pool has room;
   * else the one with the fewest waiting. Spreading every query over all readers cost a list request a
   * tenth to a fifth more CPU on two cores (issue 14): each reader was idle more often and woken per message, and
   * the threads took the cores from each other and from the event loop. Kept on one reader, the others
   * wake only when a slow query would hold the rest up behind it.
   */
  private pick(): Slot {
    const now = performance.timeOrigin + performance.now();
    for (const slot of this.slots) {
      const waiting = slot.posted - slot.state[1];
      if (waiting <= 0) return slot;
      const since = slot.state[0];
      if (waiting < READER_QUEUE && (since === 0 || now - since < READER_BUSY_MS)) return slot;
    }
    if (this.slots.length < this.size) return this.spawn();
    return this.slots.reduce((a, b) => (b.posted - b.state[1] < a.posted - a.state[1] ? b : a));
  }

  private spawn(): Slot {
    const shared = new SharedArrayBuffer(2 * Float64Array.BYTES_PER_ELEMENT);
    const worker = new Worker(WORKER_CODE, {
      eval: true,
      workerData: { file: this.file, driver: require.resolve('better-sqlite3'), state: shared },
    });
    const slot: Slot = { worker, pending: new Map(), state: new Float64Array(shared), posted: 0 };
    worker.unref();
    worker.on('message', (m: { id: number; rows?: unknown[]; columns?: string[]; json?: string; write?: boolean; error?: { message: string; code?: string } }) => {
      const p = slot.pending.get(m.id);
      if (!p) return;
      slot.pending.delete(m.id);
      if (m.error) {
        p.reject(Object.assign(new Error(m.error.message), { code: m.error.code }));
      } else if (m.write) {
        p.reject(new NotARead());
      } else {
        this.served++;
        p.resolve(m.json !== undefined ? rowsFromArrays(m.columns ?? [], JSON.parse(m.json) as unknown[][]) : reviveBlobs(m.rows ?? []));
      }
    });
    const gone = (why: string) => {
      const i = this.slots.indexOf(slot);
      if (i < 0) return;
      this.slots.splice(i, 1);
      if (!this.closed) this.logger.warn(`leitor SQLite encerrado (${why}); ${slot.pending.size} consulta(s) refeitas na conexão principal`);
      for (const p of slot.pending.values()) p.reject(new ReaderGone(why));
      slot.pending.clear();
    };
    worker.on('error', (err) => gone(err.message));
    worker.on('exit', (code) => gone(`código ${code}`));
    this.slots.push(slot);
    return slot;
  }
}

/** What ReadPool.point uses of mysql2's pool (TypeORM's MysqlDriver.pool). */
interface MysqlPool {
  query(sql: string, params: unknown[], cb: (err: Error | null, rows: unknown) => void): void;
}

/** One statement on mysql2's pool (a connection taken and given back by it), failing as TypeORM's query fails. */
function pooledQuery<T>(pool: MysqlPool, sql: string, params: unknown[]): Promise<T[]> {
  return new Promise((resolve, reject) =>
    pool.query(sql, params, (err, rows) => (err ? reject(new QueryFailedError(sql, params, err)) : resolve(rows as T[]))),
  );
}
