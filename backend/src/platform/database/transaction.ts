import type { DataSource, EntityManager } from 'typeorm';
import { currentContext } from '../request';

/**
 * The request writes: the data versions its sign-in check read no longer stand for what it reads
 * next (its own write is not in them), so its caches read them again (DataVersions).
 */
export function requestWrites(): void {
  const ctx = currentContext();
  if (ctx?.versoes) ctx.versoes = undefined;
}

/**
 * A transaction that is really one on both databases.
 *
 * On SQLite, TypeORM shares ONE connection among all callers and nests a second `transaction()`
 * started meanwhile as a SAVEPOINT of the first: two requests' transactions would interleave and
 * commit or roll back together. So on SQLite ours run one at a time, behind a queue. MySQL/MariaDB
 * gives each transaction its own pooled connection; there a deadlock (or a lock wait timeout)
 * aborts one side, which is simply run again.
 */
export async function withTransaction<T>(ds: DataSource, work: (m: EntityManager) => Promise<T>): Promise<T> {
  requestWrites();
  if (ds.options.type === 'better-sqlite3') {
    return queueFor(ds).run(() => ds.transaction(work));
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await ds.transaction(work);
    } catch (err) {
      if (attempt >= 5 || !isRetryable(err)) throw err;
      await new Promise((r) => setTimeout(r, 5 * attempt + Math.random() * 20));
    }
  }
}

/**
 * One statement that commits by itself (autocommit), kept out of other callers' transactions: on
 * SQLite it waits in the same queue as withTransaction (a statement run on the shared connection
 * while another caller's transaction is open would become part of it, and go with its rollback).
 */
export function outsideTransactions<T>(ds: DataSource, work: (m: EntityManager) => Promise<T>): Promise<T> {
  requestWrites();
  if (ds.options.type === 'better-sqlite3') return queueFor(ds).run(() => work(ds.manager));
  return work(ds.manager);
}

function isRetryable(err: unknown): boolean {
  const e = err as { errno?: number; driverError?: { errno?: number } };
  const errno = e?.driverError?.errno ?? e?.errno;
  return errno === 1213 || errno === 1205; // ER_LOCK_DEADLOCK, ER_LOCK_WAIT_TIMEOUT
}

/** Tasks run one after another, in the order given to `run`; a failed one does not stop the next. */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

const queues = new WeakMap<DataSource, SerialQueue>();

function queueFor(ds: DataSource): SerialQueue {
  let q = queues.get(ds);
  if (!q) {
    q = new SerialQueue();
    queues.set(ds, q);
  }
  return q;
}
