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
  const common = perDatabase(commonTerms, db);
  const until = common.get(key);
  if (until !== undefined && until > Date.now()) return null;
  common.delete(key);
  const rows: T[] = await db.query(sql, params);
  if (rows.length < FTS_SELECTIVE_BELOW) return rows;
  keepBounded(common, key, Date.now() + COMMON_TTL_MS, COMMON_KEPT);
  return null;
}

/** The map `kept` holds for this database (a data source, or the one under an entity manager). */
function perDatabase<V>(kept: WeakMap<DataSource, Map<string, V>>, db: DataSource | EntityManager): Map<string, V> {
  const source = 'connection' in db ? db.connection : db;
  let map = kept.get(source);
  if (!map) kept.set(source, (map = new Map()));
  return map;
}

/** Sets `key` as the newest entry of `map`, dropping the oldest one when `max` are already kept. */
function keepBounded<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  map.delete(key);
  if (map.size >= max) map.delete(map.keys().next().value as string);
  map.set(key, value);
}

/** How many of a long term's rarest trigrams narrow its candidates (termCandidates). */
const RAREST_TRIGRAMS = 3;
/** Past this many candidates the phrase itself is asked instead (each candidate costs its caller a LIKE over its text). */
const CANDIDATES_MAX = 200;
/** How long a trigram's count is reused to choose the rarest ones, and how many counts are kept per database. */
const TRIGRAM_COUNT_TTL_MS = 10 * 60_000;
const TRIGRAM_COUNTS_KEPT = 50_000;
/** At most this many of a query's trigrams are counted (any of them narrows: a longer query is not refused). */
const TRIGRAMS_COUNTED = 60;
const trigramCounts = new WeakMap<DataSource, Map<string, { n: number; until: number }>>();

/** The distinct trigrams of a term, as the trigram tokenizer reads it (three characters, not UTF-16 units). */
export function trigramsOf(term: string): string[] {
  const chars = Array.from(term);
  const out = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) out.add(chars.slice(i, i + 3).join(''));
  return [...out];
}

/**
 * The rows of `table` (a trigram index) that may hold every one of `terms` (3+ characters each), or
 * null when the index finds them in FTS_SELECTIVE_BELOW rows or more — a superset of the rows that
 * hold them, which the caller narrows with its LIKE. A long term as a phrase merges the doclists of
 * all its trigrams, and a trigram of a domain or of a common word is in nearly every row:
 * "contato.atlantico1495.mwzvr3xg" over 100,000 messages cost a reader thread 10.4 ms. Here the
 * rows holding the terms' RAREST_TRIGRAMS rarest trigrams (each one in every row that holds the
 * terms) are asked instead: 0.4 ms. The trigrams' counts (capped at FTS_SELECTIVE_BELOW) come from
 * one query and are reused for ten minutes: they only choose which trigrams to ask, the rows always
 * come from the index as it is now. Terms with all trigrams common, or whose rarest ones leave more
 * than CANDIDATES_MAX candidates, are asked as phrases (ftsRowids: exactly the rows holding them),
 * as are terms of RAREST_TRIGRAMS trigrams or fewer.
 */
export async function termCandidates(db: DataSource | EntityManager, table: string, terms: readonly string[]): Promise<number[] | null> {
  const long = [...new Set(terms)].filter((t) => t.length >= TRIGRAM_MIN);
  if (!long.length) return null;
  const phrases = () => ftsRowids(db, table, long.map(ftsString).join(' AND '));
  const trigrams = [...new Set(long.flatMap(trigramsOf))];
  if (trigrams.length <= RAREST_TRIGRAMS) return phrases();
  const counts = await countTrigrams(db, table, trigrams.slice(0, TRIGRAMS_COUNTED));
  const rarest = [...counts]
    .filter(([, n]) => n < FTS_SELECTIVE_BELOW)
    .sort((a, b) => a[1] - b[1])
    .slice(0, RAREST_TRIGRAMS)
    .map(([t]) => ftsString(t));
  if (rarest.length) {
    const rows: { rowid: number }[] = await db.query(`SELECT rowid FROM ${table} WHERE ${table} MATCH ? LIMIT ${CANDIDATES_MAX + 1}`, [rarest.join(' AND ')]);
    if (rows.length <= CANDIDATES_MAX) return rows.map((r) => Number(r.rowid));
  }
  return phrases();
}

/** Each trigram's number of rows in `table`, up to FTS_SELECTIVE_BELOW: remembered ones, the others in one query. */
async function countTrigrams(db: DataSource | EntityManager, table: string, trigrams: string[]): Promise<Map<string, number>> {
  const kept = perDatabase(trigramCounts, db);
  const now = Date.now();
  const out = new Map<string, number>();
  const unknown: string[] = [];
  for (const t of trigrams) {
    const k = kept.get(`${table}\0${t}`);
    if (k && k.until > now) out.set(t, k.n);
    else unknown.push(t);
  }
  if (!unknown.length) return out;
  const one = `(SELECT COUNT(*) FROM (SELECT 1 FROM ${table} WHERE ${table} MATCH ? LIMIT ${FTS_SELECTIVE_BELOW}))`;
  const [row]: Record<string, unknown>[] = await db.query(`SELECT ${unknown.map((_, i) => `${one} AS c${i}`).join(', ')}`, unknown.map(ftsString));
  unknown.forEach((t, i) => {
    const n = Number(row[`c${i}`]);
    out.set(t, n);
    keepBounded(kept, `${table}\0${t}`, { n, until: now + TRIGRAM_COUNT_TTL_MS }, TRIGRAM_COUNTS_KEPT);
  });
  return out;
}
