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

/**
 * The rowids of `table` that `match` finds, or null when they are FTS_SELECTIVE_BELOW or more (a common
 * term: the list's own index serves it better). One lookup in the index, which the page and its
 * count then share as a list of rowids instead of each matching again (a long phrase merges the
 * doclists of all its trigrams, some of them in nearly every row).
 */
export async function ftsRowids(db: DataSource | EntityManager, table: string, match: string): Promise<number[] | null> {
  const rows: { rowid: number }[] = await db.query(`SELECT rowid FROM ${table} WHERE ${table} MATCH ? LIMIT ${FTS_SELECTIVE_BELOW}`, [match]);
  return rows.length < FTS_SELECTIVE_BELOW ? rows.map((r) => Number(r.rowid)) : null;
}
