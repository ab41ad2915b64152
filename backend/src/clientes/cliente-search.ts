import { Brackets, DataSource, EntityManager, WhereExpressionBuilder } from 'typeorm';
import { cleanCnpj } from '@veritas/common';
import { LIKE_ESCAPE, likeContains } from '../common/list-query';
import { foldBusca } from './cliente.mapper';

/** The FTS5 table (SQLite only) over `clientes.busca`; kept by triggers (migration 1764800000000). */
export const CLIENTES_FTS = 'clientes_fts';

/** Terms this long or longer are looked up in the trigram index; shorter ones are matched with LIKE. */
export const TRIGRAM_MIN = 3;

/** A term as one FTS5 string: double quotes doubled, so `"`, `*`, NEAR, OR, AND are plain text. */
export function ftsString(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}

/** Above this many FTS matches a LIKE scan of the covering index is cheaper than the trigram merge. */
export const FTS_SELECTIVE_BELOW = 2000;

/** The FTS5 query for q's terms of 3+ characters (AND), or null when there is none. */
export function ftsQuery(q: string): string | null {
  const long = [...new Set(foldBusca(q).split(/\s+/))].filter((t) => t.length >= TRIGRAM_MIN);
  return long.length ? long.map(ftsString).join(' AND ') : null;
}

/**
 * Whether the trigram index should serve q (SQLite only): it must have a term of 3+ characters and
 * match fewer than FTS_SELECTIVE_BELOW clients. A common word ("comercio" in half the firm) costs
 * more through the trigram doclists than through a LIKE scan of the covering index, and the probe
 * stops at the limit (FTS5 reads its doclists lazily), so it costs little either way. Both paths
 * give the same rows.
 */
export async function useClientesFts(db: DataSource | EntityManager, q: string): Promise<boolean> {
  if (('connection' in db ? db.connection : db).options.type !== 'better-sqlite3') return false;
  const match = ftsQuery(q);
  if (!match) return false;
  const rows: { n: number }[] = await db.query(
    `SELECT COUNT(*) AS n FROM (SELECT rowid FROM ${CLIENTES_FTS} WHERE ${CLIENTES_FTS} MATCH ? LIMIT ${FTS_SELECTIVE_BELOW})`,
    [match],
  );
  return Number(rows[0]?.n ?? 0) < FTS_SELECTIVE_BELOW;
}

/**
 * The condition "this client matches q", for `alias` (a `clientes` alias in the query), or null
 * when q holds nothing searchable (only symbols that folding drops: nothing matches).
 *
 * q is folded as `busca` is and split on spaces; every term must occur in `busca` (AND), as a
 * substring. With `fts` (SQLite, useClientesFts) the terms of 3+ characters are found in the FTS5
 * trigram table (`alias.rowid IN (...)`), shorter terms by LIKE on the rows it gives. Without it
 * (MySQL/MariaDB: no n-gram parser, see docs/decisions.md; SQLite: only short terms, or a common
 * word) every term is a LIKE over the covering index ix_clientes_lista.
 *
 * A CNPJ typed with its mask ("11.222.333/0001") also matches by prefix of the clean `cnpj`
 * column (a range on its unique index), on both databases.
 */
export function clienteSearch(alias: string, q: string, fts: boolean, p = 'cs'): Brackets | null {
  const folded = foldBusca(q);
  const terms = [...new Set(folded.split(/\s+/).filter(Boolean))];
  if (!terms.length) return null;
  const bare = cleanCnpj(q);
  const cnpjPrefix = /\d/.test(q) && /^[\dA-Za-z./\-\s]+$/.test(q) && bare.length > 0 && bare.length <= 14 && bare.toLowerCase() !== folded;
  const long = fts ? terms.filter((t) => t.length >= TRIGRAM_MIN) : [];
  const likes = fts ? terms.filter((t) => t.length < TRIGRAM_MIN) : terms;
  const params: Record<string, string> = {};
  const text: string[] = [];
  if (long.length) {
    params[`${p}Fts`] = ftsQuery(q) as string;
    text.push(`${alias}.rowid IN (SELECT rowid FROM ${CLIENTES_FTS} WHERE ${CLIENTES_FTS} MATCH :${p}Fts)`);
  }
  likes.forEach((t, i) => {
    params[`${p}Like${i}`] = likeContains(t);
    text.push(`${alias}.busca LIKE :${p}Like${i} ${LIKE_ESCAPE}`);
  });
  return new Brackets((w: WhereExpressionBuilder) => {
    w.where(`(${text.join(' AND ')})`, params);
    if (cnpjPrefix) {
      // [0-9A-Z] are the CNPJ characters and Z sorts last among them (binary and _ci collations alike).
      w.orWhere(`(${alias}.cnpj >= :${p}CnpjDe AND ${alias}.cnpj <= :${p}CnpjAte)`, {
        [`${p}CnpjDe`]: bare,
        [`${p}CnpjAte`]: bare + 'Z'.repeat(14 - bare.length),
      });
    }
  });
}
