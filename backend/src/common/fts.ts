import { DataSource, EntityManager } from 'typeorm';

/*
 * SQLite FTS5 trigram indexes (issue 14): clientes_fts over `clientes.busca`, mail_fts over
 * `mail_messages.searchText`, both kept by triggers in the row's own transaction.
 */

/** Terms this long or longer are looked up in a trigram index; shorter ones are matched with LIKE. */
export const TRIGRAM_MIN = 3;

/** Above this many index matches a LIKE scan of the list's own index is cheaper than the trigram merge. */
export const FTS_SELECTIVE_BELOW = 2000;

/** A term as one FTS5 string: double quotes doubled, so `"`, `*`, NEAR, OR, AND are plain text. */
export function ftsString(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}

export function isSqlite(db: DataSource | EntityManager): boolean {
  return ('connection' in db ? db.connection : db).options.type === 'better-sqlite3';
}

/** How long a verdict "common term" is reused before the index is asked again, and how many are kept. */
const COMMON_TTL_MS = 60_000;
const COMMON_KEPT = 1000;
const commonTerms = new WeakMap<DataSource, Map<string, number>>();

/**
 * The rowids of `table` that `match` finds, or null when they are FTS_SELECTIVE_BELOW or more (a common
 * term: the list's own index serves it better). One lookup in the index, which the page and its
 * count then share as a list of rowids instead of each matching again (a long phrase merges the
 * doclists of all its trigrams, some of them in nearly every row).
 *
 * The verdict "common" is remembered for a minute per database and query: asking again cost a
 * reader thread 1.3 ms ("comercio") for an answer that changes only as the firm's clients change.
 * It only chooses the plan: both plans return exactly the rows that match, so a stale verdict can
 * make a search slower, never different.
 */
export async function ftsRowids(db: DataSource | EntityManager, table: string, match: string): Promise<number[] | null> {
  const rows = await selectiveLookup<{ rowid: number }>(db, `${table} ${match}`, `SELECT rowid FROM ${table} WHERE ${table} MATCH ? LIMIT ${FTS_SELECTIVE_BELOW}`, [match]);
  return rows && rows.map((r) => Number(r.rowid));
}

/**
 * The rows an index lookup (`sql`, at most FTS_SELECTIVE_BELOW of them) returns, or null for a common
 * term — remembered as such for COMMON_TTL_MS under `key`, per database (ftsRowids; the MySQL suffix
 * index, sufixosIds).
 */
export async function selectiveLookup<T>(db: DataSource | EntityManager, key: string, sql: string, params: unknown[]): Promise<T[] | null> {
  const source = 'connection' in db ? db.connection : db;
  let common = commonTerms.get(source);
  if (!common) commonTerms.set(source, (common = new Map()));
  const until = common.get(key);
  if (until !== undefined && until > Date.now()) return null;
  common.delete(key);
  const rows: T[] = await db.query(sql, params);
  if (rows.length < FTS_SELECTIVE_BELOW) return rows;
  if (common.size >= COMMON_KEPT) common.delete(common.keys().next().value as string);
  common.set(key, Date.now() + COMMON_TTL_MS);
  return null;
}
