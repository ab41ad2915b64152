import { Brackets, DataSource, EntityManager, WhereExpressionBuilder } from 'typeorm';
import { cleanCnpj } from '@veritas/common';
import { indexHits, inTrigramMatch, LIKE_ESCAPE, likeContains, TRIGRAM_MIN, trigramQuery } from '../platform/read-side';
import { foldBusca } from './cliente.mapper';

/** The FTS5 query (SQLite's trigram index over `clientes.busca`) for q's terms of 3+ characters (AND), or null when there is none. */
export function ftsQuery(q: string): string | null {
  return trigramQuery(foldBusca(q).split(/\s+/));
}

/**
 * How an index serves a search: on SQLite the trigram index's rows, or its query to match in SQL; on
 * MySQL/MariaDB the suffix index's candidate ids; `comum` when the term is in so many clients that the
 * list's own index serves it (by LIKE) better.
 */
export type ClientesFts = { rowids: number[] } | { match: string } | { ids: string[] } | { comum: true } | null;

/** Up to this many rows found by the index are passed on as a list; more are matched again in a subquery. */
const ROWIDS_AS_LIST = 300;

/**
 * Whether and how an index serves q: null without a term of 3+ characters and for a masked CNPJ
 * (its own index range); `comum` when FTS_SELECTIVE_BELOW clients or more match ("comercio" in half
 * the firm is read faster from the covering index, and its page will be full: the list counts it
 * beside the page).
 * - SQLite, the trigram index: a rare q is looked up once (termCandidates: for long terms, the rows
 *   holding their rarest trigrams, which clienteSearch's LIKE narrows) and its rowids are shared by the
 *   page and its count; a few hundred rows or more travel better as the index's own subquery than as a
 *   list of parameters ("são joão": 1,500 rows).
 * - MySQL/MariaDB, the suffix index (`clientes_sufixos`, sufixos-index.ts): the ids of the clients
 *   with a word holding q's longest piece (sufixosQuery), a superset that clienteSearch's LIKE narrows.
 */
export async function clientesFts(db: DataSource | EntityManager, q: string): Promise<ClientesFts> {
  if (isCnpjMascarado(q)) return null;
  const hits = await indexHits(db, 'clientes', foldBusca(q).split(/\s+/));
  if (!hits || 'comum' in hits) return hits;
  if (hits.coluna === 'id') return { ids: hits.ids };
  return hits.ids.length <= ROWIDS_AS_LIST ? { rowids: hits.ids } : { match: ftsQuery(q)! };
}

const CNPJ_MASK_PREFIX =
  /^[0-9a-z]{2}\.(?:[0-9a-z]{0,3}|[0-9a-z]{3}\.(?:[0-9a-z]{0,3}|[0-9a-z]{3}\/(?:[0-9a-z]{0,4}|[0-9a-z]{4}-\d{0,2})))$/i;

/**
 * Whether q is the start of a CNPJ typed with its mask ("11.222.333/0001", "12.ABC.3"): at least the
 * first dot, every separator in its place, and a digit. `busca` holds the CNPJ without its mask, so
 * such a q can only match a name or e-mail that contains it literally; it is served as a CNPJ search
 * alone, a range on the unique index (docs/adr/0027-search-from-an-index.md).
 */
export function isCnpjMascarado(q: string): boolean {
  const t = q.trim();
  return /\d/.test(t) && CNPJ_MASK_PREFIX.test(t);
}

/**
 * The condition "this client matches q", for `alias` (a `clientes` alias in the query), or null
 * when q holds nothing searchable (only symbols that folding drops: nothing matches).
 *
 * q is folded as `busca` is and split on spaces; every term must occur in `busca` (AND), as a
 * substring. With `fts` (clientesFts) on SQLite the terms of 3+ characters are found in the FTS5
 * trigram table (`alias.rowid IN (...)`: its rowids, or its query), shorter terms by LIKE on those
 * rows; on MySQL/MariaDB the suffix index names the candidates (`alias.id IN (...)`) and every term
 * is a LIKE on them. Without it (only short terms, or a common word) every term is a LIKE over the
 * covering index ix_clientes_lista.
 *
 * A CNPJ typed with its mask ("11.222.333/0001") also matches by prefix of the clean `cnpj`
 * column (a range on its unique index), on both databases; when q has the shape of a masked CNPJ's
 * start (isCnpjMascarado) that range is the whole condition, so it is served from the index alone.
 */
export function clienteSearch(alias: string, q: string, fts: ClientesFts, p = 'cs'): Brackets | null {
  const folded = foldBusca(q);
  const terms = [...new Set(folded.split(/\s+/).filter(Boolean))];
  if (!terms.length) return null;
  const bare = cleanCnpj(q);
  const cnpjPrefix = /\d/.test(q) && /^[\dA-Za-z./\-\s]+$/.test(q) && bare.length > 0 && bare.length <= 14 && bare.toLowerCase() !== folded;
  const cnpjRange = (w: WhereExpressionBuilder, how: 'where' | 'orWhere') =>
    // [0-9A-Z] are the CNPJ characters and Z sorts last among them (binary and _ci collations alike).
    w[how](`(${alias}.cnpj >= :${p}CnpjDe AND ${alias}.cnpj <= :${p}CnpjAte)`, {
      [`${p}CnpjDe`]: bare,
      [`${p}CnpjAte`]: bare + 'Z'.repeat(14 - bare.length),
    });
  if (cnpjPrefix && isCnpjMascarado(q)) return new Brackets((w) => cnpjRange(w, 'where'));
  if (fts && 'comum' in fts) fts = null;
  // The trigram index's query matches terms of 3+ characters exactly; its rows (termCandidates: maybe only
  // those holding the terms' rarest trigrams) and the suffix index's ids only narrow, every term's LIKE stays.
  const likes = fts && 'match' in fts ? terms.filter((t) => t.length < TRIGRAM_MIN) : terms;
  const params: Record<string, string | number[] | string[]> = {};
  const text: string[] = [];
  if (fts && 'rowids' in fts) {
    params[`${p}Rowids`] = fts.rowids;
    text.push(fts.rowids.length ? `${alias}.rowid IN (:...${p}Rowids)` : '1 = 0');
  } else if (fts && 'ids' in fts) {
    params[`${p}Ids`] = fts.ids;
    text.push(fts.ids.length ? `${alias}.id IN (:...${p}Ids)` : '1 = 0');
  } else if (fts) {
    params[`${p}Fts`] = fts.match;
    text.push(inTrigramMatch('clientes', alias, `${p}Fts`));
  }
  likes.forEach((t, i) => {
    params[`${p}Like${i}`] = likeContains(t);
    text.push(`${alias}.busca LIKE :${p}Like${i} ${LIKE_ESCAPE}`);
  });
  return new Brackets((w: WhereExpressionBuilder) => {
    w.where(`(${text.join(' AND ')})`, params);
    if (cnpjPrefix) cnpjRange(w, 'orWhere');
  });
}
