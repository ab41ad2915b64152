import { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { FTS_SELECTIVE_BELOW, selectiveLookup, TRIGRAM_MIN } from './fts';

/**
 * MySQL/MariaDB substring search (issue 14): MariaDB has no n-gram parser, so a folded text column is
 * indexed through the **suffixes of its words** in a side table with an InnoDB FULLTEXT index. A
 * substring of a word is a prefix of one of its suffixes, and a prefix is what FULLTEXT serves
 * (`MATCH … AGAINST ('+ercio*' IN BOOLEAN MODE)` finds "comercio" through its suffix "ercio"). The
 * side table is written with its row, in the row's transaction (SufixosSubscriber for entities,
 * insertRows for the bulk path), and loses its row with it (ON DELETE CASCADE). SQLite has FTS5's
 * trigram tokenizer instead (trigram-index.ts).
 */
export interface SufixosIndex {
  /** The side table: `<key>` (the row's id, primary key) and `sufixos` (FULLTEXT). */
  side: string;
  /** The indexed table, its id column and the folded text column. */
  table: string;
  key: string;
  column: string;
  /** The same text's index on SQLite: its FTS5 trigram table (trigram-index.ts). */
  fts: string;
}

export const CLIENTES_SUFIXOS: SufixosIndex = { side: 'clientes_sufixos', table: 'clientes', key: 'clienteId', column: 'busca', fts: 'clientes_fts' };
export const DOCUMENTOS_SUFIXOS: SufixosIndex = { side: 'documentos_sufixos', table: 'documentos', key: 'documentoId', column: 'busca', fts: 'documentos_fts' };
export const CONTATO_SUFIXOS: SufixosIndex = { side: 'contato_sufixos', table: 'contato_mensagens', key: 'mensagemId', column: 'busca', fts: 'contato_fts' };
export const MAIL_SUFIXOS: SufixosIndex = { side: 'mail_sufixos', table: 'mail_messages', key: 'mensagemId', column: 'searchText', fts: 'mail_fts' };

/** The indexed tables, by name (the subscriber and the bulk path look a written table up here). */
export const SUFIXOS_INDEXES: Readonly<Record<string, SufixosIndex>> = Object.fromEntries(
  [CLIENTES_SUFIXOS, DOCUMENTOS_SUFIXOS, CONTATO_SUFIXOS, MAIL_SUFIXOS].map((ix) => [ix.table, ix]),
);

/**
 * A suffix is cut to this many characters: a longer piece of a query is looked up by its first
 * SUFIXO_MAX characters (a superset, which the LIKE on the row then narrows), and a long word (an
 * e-mail's local part, a CNPJ) costs its length in tokens, not the square of it.
 */
export const SUFIXO_MAX = 20;

/** Runs of letters and digits: what the FULLTEXT parser calls words, for folded (ASCII, lower-case) text. */
const palavras = (text: string) => text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);

/** The side table's text for a folded text: each word's suffixes of TRIGRAM_MIN+ characters, once each. */
export function sufixosDe(text: string): string {
  const out = new Set<string>();
  for (const w of palavras(text)) for (let k = 0; k + TRIGRAM_MIN <= w.length; k++) out.add(w.slice(k, k + SUFIXO_MAX));
  return [...out].join(' ');
}

/**
 * The boolean-mode query that finds every row holding each of `terms` (folded) as a substring, or
 * null when no piece is long enough to be in the index (the LIKE alone serves those). The terms'
 * longest word (run of [a-z0-9]) must be inside some word of the row (`+piece*`): a superset of the
 * rows that hold the terms, which the caller's LIKE narrows. Only the longest: InnoDB reads the whole
 * doclist of every piece before intersecting them, and a short piece ("contato" in every e-mail
 * address of a mailbox) cost 30 ms where the long one alone names a handful of rows. Only [a-z0-9]
 * reach the query, so no operator can. `minToken` is the server's innodb_ft_min_token_size:
 * shorter pieces are not in its index.
 */
export function sufixosQuery(terms: readonly string[], minToken = TRIGRAM_MIN): string | null {
  const pieces = terms.flatMap(palavras).filter((p) => p.length >= Math.max(TRIGRAM_MIN, minToken));
  if (!pieces.length) return null;
  const longest = pieces.reduce((a, b) => (b.length > a.length ? b : a));
  return `+${longest.slice(0, SUFIXO_MAX)}*`;
}

type Query = (sql: string, params?: unknown[]) => Promise<unknown>;

const BATCH = 1000;

/** Writes (or rewrites) the side rows of `rows` ([id, folded text]), many per statement. */
export async function writeSufixos(query: Query, ix: SufixosIndex, rows: [string, string | null | undefined][]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    const part = rows.slice(i, i + BATCH);
    await query(
      `INSERT INTO ${ix.side} (${ix.key}, sufixos) VALUES ${part.map(() => '(?, ?)').join(', ')} ON DUPLICATE KEY UPDATE sufixos = VALUES(sufixos)`,
      part.flatMap(([id, text]) => [id, sufixosDe(text ?? '')]),
    );
  }
}

/** Fills the side table from the rows of the indexed table that have no side row yet (a migration, a bench's raw insert). */
export async function fillSufixos(query: Query, ix: SufixosIndex): Promise<void> {
  for (let after = ''; ; ) {
    const rows = (await query(
      `SELECT t.id, t.${ix.column} AS texto FROM ${ix.table} t LEFT JOIN ${ix.side} s ON s.${ix.key} = t.id ` +
        `WHERE t.id > ? AND s.${ix.key} IS NULL ORDER BY t.id LIMIT ${BATCH}`,
      [after],
    )) as { id: string; texto: string | null }[];
    if (!rows.length) return;
    await writeSufixos(query, ix, rows.map((r) => [r.id, r.texto]));
    after = rows[rows.length - 1].id;
  }
}

/**
 * Creates the side table and fills it (MySQL/MariaDB). The FULLTEXT index is created without
 * stopwords (InnoDB's list holds "com", "de", "para"…, which are suffixes and words of Brazilian
 * names and e-mails): `innodb_ft_enable_stopword` is read when the index is created.
 */
export async function createSufixosIndex(q: QueryRunner, ix: SufixosIndex): Promise<void> {
  const [{ stop }] = (await q.query('SELECT @@SESSION.innodb_ft_enable_stopword AS stop')) as { stop: number | string }[];
  await q.query('SET SESSION innodb_ft_enable_stopword = OFF');
  try {
    await q.query(
      `CREATE TABLE ${ix.side} (${ix.key} varchar(36) NOT NULL PRIMARY KEY, ` +
        `sufixos mediumtext CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL, FULLTEXT KEY ft_${ix.side} (sufixos), ` +
        `CONSTRAINT fk_${ix.side} FOREIGN KEY (${ix.key}) REFERENCES ${ix.table} (id) ON DELETE CASCADE) ENGINE = InnoDB`,
    );
  } finally {
    await q.query(`SET SESSION innodb_ft_enable_stopword = ${Number(stop) ? 'ON' : 'OFF'}`);
  }
  await fillSufixos((sql, params) => q.query(sql, params), ix);
}

const minTokens = new WeakMap<DataSource, Promise<number>>();

/** The server's innodb_ft_min_token_size (read once per database). */
function minToken(db: DataSource | EntityManager): Promise<number> {
  const source = 'connection' in db ? db.connection : db;
  let min = minTokens.get(source);
  if (!min) {
    min = (db.query('SELECT @@innodb_ft_min_token_size AS n') as Promise<{ n: number | string }[]>).then(([r]) => Number(r?.n) || TRIGRAM_MIN);
    minTokens.set(source, min);
  }
  return min;
}

/** sufixosQuery for this server's FULLTEXT index (its innodb_ft_min_token_size): null when no piece is long enough. */
export async function sufixosMatch(db: DataSource | EntityManager, terms: readonly string[]): Promise<string | null> {
  return sufixosQuery(terms, await minToken(db));
}

/**
 * The ids of the rows whose indexed text may hold what `match` (sufixosMatch) asks — a superset: the
 * caller's LIKE decides — or null when FTS_SELECTIVE_BELOW rows or more match (a common term, which
 * the list's own index serves better, as on SQLite; selectiveLookup remembers it for a minute).
 */
export async function sufixosIds(db: DataSource | EntityManager, ix: SufixosIndex, match: string): Promise<string[] | null> {
  const rows = await selectiveLookup<{ id: string }>(
    db,
    `${ix.side} ${match}`,
    `SELECT ${ix.key} AS id FROM ${ix.side} WHERE MATCH (sufixos) AGAINST (? IN BOOLEAN MODE) LIMIT ${FTS_SELECTIVE_BELOW}`,
    [match],
  );
  return rows && rows.map((r) => r.id);
}
