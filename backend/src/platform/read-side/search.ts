import type { DataSource, EntityManager } from 'typeorm';
import { ftsString, isSqlite, termCandidates, TRIGRAM_MIN } from './fts';
import { CLIENTES_SUFIXOS, CONTATO_SUFIXOS, DOCUMENTOS_SUFIXOS, MAIL_SUFIXOS, sufixosIds, sufixosMatch } from './sufixos-index';

/*
 * "A search of X for term t" (issue 14). Four folded text columns are indexed for substring search:
 * clientes.busca, documentos.busca, contato_mensagens.busca and mail_messages.searchText — on SQLite by an
 * FTS5 trigram table (trigram-index.ts), on MySQL/MariaDB by a side table of their words' suffixes with a
 * FULLTEXT index (sufixos-index.ts), both written in the row's own transaction. An index only narrows:
 * the caller's LIKE on the folded column keeps exactly the rows that hold the terms, so both databases
 * give the same rows.
 */

/** The indexed texts, by the name a feature asks for. */
export const SEARCH_INDEXES = { clientes: CLIENTES_SUFIXOS, documentos: DOCUMENTOS_SUFIXOS, contato: CONTATO_SUFIXOS, mail: MAIL_SUFIXOS } as const;

export type SearchIndexName = keyof typeof SEARCH_INDEXES;

/** The rows that may hold terms, as their table's index names them: SQLite rowids, MySQL/MariaDB ids. */
export type TermRows = { coluna: 'rowid'; ids: number[] } | { coluna: 'id'; ids: string[] };

/**
 * What an index says of terms: the rows that may hold them (a superset, which the caller's LIKE narrows),
 * `comum` when FTS_SELECTIVE_BELOW rows or more do (the list's own index serves such a term better), or
 * null when no term is long enough to be in the index (the LIKE alone serves them).
 */
export type IndexHits = TermRows | { comum: true } | null;

const COMUM = { comum: true } as const;

/**
 * The rows of `index`'s table that may hold every one of `terms` (folded). SQLite: the trigram index,
 * for the terms of TRIGRAM_MIN+ characters (termCandidates: for a long term, the rows holding its rarest
 * trigrams). MySQL/MariaDB: the suffix index, for the terms' longest word (sufixosMatch, sufixosIds). A
 * "common" verdict is remembered for a minute per database (selectiveLookup): it only chooses the plan.
 */
export async function indexHits(db: DataSource | EntityManager, index: SearchIndexName, terms: readonly string[]): Promise<IndexHits> {
  const ix = SEARCH_INDEXES[index];
  if (isSqlite(db)) {
    const long = terms.filter((t) => t.length >= TRIGRAM_MIN);
    if (!long.length) return null;
    const rowids = await termCandidates(db, ix.fts, long);
    return rowids ? { coluna: 'rowid', ids: rowids } : COMUM;
  }
  const match = await sufixosMatch(db, terms);
  if (!match) return null;
  const ids = await sufixosIds(db, ix, match);
  return ids ? { coluna: 'id', ids } : COMUM;
}

/**
 * One folded term (a phrase, spaces and all) looked up in its table's index (contact messages, documents,
 * the mailbox): the rows that may hold it, or null when the index cannot serve it (too short) or calls it
 * common — the caller's LIKE alone then serves it, and in every case keeps exactly the rows holding it.
 */
export async function termRows(db: DataSource | EntityManager, index: SearchIndexName, termo: string): Promise<TermRows | null> {
  const hits = await indexHits(db, index, [termo]);
  return hits && 'comum' in hits ? null : hits;
}

/** `alias.rowid IN (…)` or `alias.id IN (…)` for rows named by an index (`1 = 0` when none), with its parameters. */
export function inTermRows(alias: string, rows: TermRows, param = 'termIds'): [string, Record<string, unknown>] {
  return [rows.ids.length ? `${alias}.${rows.coluna} IN (:...${param})` : '1 = 0', { [param]: rows.ids }];
}

/** The FTS5 query for the rows holding every one of `terms` of TRIGRAM_MIN+ characters (AND), or null when there is none. */
export function trigramQuery(terms: readonly string[]): string | null {
  const long = [...new Set(terms)].filter((t) => t.length >= TRIGRAM_MIN);
  return long.length ? long.map(ftsString).join(' AND ') : null;
}

/**
 * `alias.rowid IN (…)`: the rows SQLite's trigram index of `index` finds for the FTS5 query bound as
 * `:param` (trigramQuery) — the index's own subquery, for more rows than travel well as a list of them.
 */
export function inTrigramMatch(index: SearchIndexName, alias: string, param: string): string {
  const fts = SEARCH_INDEXES[index].fts;
  return `${alias}.rowid IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH :${param})`;
}
