import { QueryRunner } from 'typeorm';

/** An SQLite FTS5 trigram index over one text column of a table, keyed by the row's rowid. */
export interface TrigramIndex {
  /** The FTS5 table, also the prefix of its triggers' names. */
  fts: string;
  table: string;
  column: string;
  /** No copy of the text in the index (`content=''`, `contentless_delete=1`): only rowids come back. */
  contentless?: boolean;
}

/**
 * (Re)builds the index, its triggers (so it is written in the same transaction as its row, by every
 * path that writes the table) and its content from the existing rows. A migration that rebuilds the
 * table on SQLite (TypeORM's changeColumn and friends copy it, which drops its triggers and may
 * renumber rowids) must call this again.
 */
export async function rebuildTrigramIndex(q: QueryRunner, ix: TrigramIndex): Promise<void> {
  const { fts, table, column } = ix;
  await dropTrigramIndex(q, ix);
  const options = ix.contentless ? ", content = '', contentless_delete = 1" : '';
  await q.query(`CREATE VIRTUAL TABLE ${fts} USING fts5(${column}, tokenize = 'trigram'${options})`);
  await q.query(`CREATE TRIGGER ${fts}_ai AFTER INSERT ON ${table} BEGIN INSERT INTO ${fts}(rowid, ${column}) VALUES (new.rowid, new.${column}); END`);
  await q.query(`CREATE TRIGGER ${fts}_ad AFTER DELETE ON ${table} BEGIN DELETE FROM ${fts} WHERE rowid = old.rowid; END`);
  await q.query(
    `CREATE TRIGGER ${fts}_au AFTER UPDATE OF ${column} ON ${table} BEGIN UPDATE ${fts} SET ${column} = new.${column} WHERE rowid = old.rowid; END`,
  );
  await q.query(`INSERT INTO ${fts}(rowid, ${column}) SELECT rowid, ${column} FROM ${table}`);
}

export async function dropTrigramIndex(q: QueryRunner, { fts }: TrigramIndex): Promise<void> {
  for (const t of ['ai', 'ad', 'au']) await q.query(`DROP TRIGGER IF EXISTS ${fts}_${t}`);
  await q.query(`DROP TABLE IF EXISTS ${fts}`);
}
