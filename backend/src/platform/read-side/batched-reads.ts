import { IN_CHUNK } from './select-in';

/** The next batch of a family: the keys asked for while a batch ran, and its rows when it has run. */
interface Pending<R> {
  keys: Set<string>;
  rows: Promise<Map<string, R[]>>;
  resolve(rows: Map<string, R[]>): void;
  reject(err: unknown): void;
}

/** One family's batches: whether one is running, and the one that starts when it ends. */
interface Family<R> {
  running: boolean;
  next: Pending<R> | null;
}

/**
 * Reads of rows by key that arrive at the same time, run as one statement for every key asked for (an
 * `IN (…)` of the caller's), and never answered from a read that started before the caller asked: with no
 * batch of the family running, a caller's read starts at once; while one runs, callers join the next batch,
 * started as soon as the running one ends (whatever its outcome) with every key asked for meanwhile. So
 * each caller sees what was committed before it asked, as with a read of its own, and a family asked for
 * by many at once runs at most one statement at a time (IN_CHUNK keys each) plus one batch waiting,
 * instead of one statement per caller.
 *
 * For the read every authenticated request makes on MySQL/MariaDB (the token's person, with the data
 * versions: ReadPool.pointByKey): under 50 connections each was a statement written to the database's
 * socket and answered by one of its threads, on the same cores as the app (issue 14). Rows are shared
 * among the callers of a key: they must not change them.
 */
export class BatchedReads {
  private readonly families = new Map<string, Family<unknown>>();
  /** How many statements were run (tests). */
  statements = 0;

  /**
   * The rows of `key` in `family`: `run(keys)` reads the rows of those keys (one statement, at most
   * IN_CHUNK keys), `keyOf(row)` says whose a row is. Every caller of a family passes the same two
   * (the family names the statement): a batch runs with those of the caller that started the one before.
   */
  read<R>(family: string, key: string, run: (keys: string[]) => Promise<R[]>, keyOf: (row: R) => string): Promise<R[]> {
    let f = this.families.get(family) as Family<R> | undefined;
    if (!f) this.families.set(family, (f = { running: false, next: null }));
    const fam = f;
    const start = (keys: string[]): Promise<Map<string, R[]>> => {
      fam.running = true;
      const chunks: Promise<R[]>[] = [];
      for (let i = 0; i < keys.length; i += IN_CHUNK) {
        this.statements++;
        const part = keys.slice(i, i + IN_CHUNK);
        // A run that throws fails its batch as one that rejects (and the family goes on).
        chunks.push(new Promise<R[]>((resolve) => resolve(run(part))));
      }
      const rows = Promise.all(chunks).then((parts) => {
        const byKey = new Map<string, R[]>();
        for (const part of parts) {
          for (const row of part) {
            const k = keyOf(row);
            const list = byKey.get(k);
            if (list) list.push(row);
            else byKey.set(k, [row]);
          }
        }
        return byKey;
      });
      const ended = () => {
        const next = fam.next;
        if (!next) {
          fam.running = false;
          this.families.delete(family);
          return;
        }
        fam.next = null;
        start([...next.keys]).then(next.resolve, next.reject);
      };
      rows.then(ended, ended);
      return rows;
    };
    const mine = (rows: Promise<Map<string, R[]>>) => rows.then((m) => m.get(key) ?? []);
    if (!fam.running) return mine(start([key]));
    if (!fam.next) {
      const pending = { keys: new Set<string>() } as Pending<R>;
      pending.rows = new Promise<Map<string, R[]>>((resolve, reject) => Object.assign(pending, { resolve, reject }));
      fam.next = pending;
    }
    fam.next.keys.add(key);
    return mine(fam.next.rows);
  }

  /** Families with a batch running or waiting (tests: none is left behind). */
  get size(): number {
    return this.families.size;
  }
}
