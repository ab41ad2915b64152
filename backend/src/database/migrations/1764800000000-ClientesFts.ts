import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * SQLite: (re)builds the FTS5 trigram table over `clientes.busca` (rowid = the client's rowid), its
 * triggers (so the index is written in the same transaction as the row) and its content from the
 * existing rows. A later migration that rebuilds `clientes` on SQLite (TypeORM's changeColumn and
 * friends copy the table, which drops its triggers and may renumber rowids) must call this again.
 */
export async function rebuildClientesFts(q: QueryRunner): Promise<void> {
  await dropClientesFts(q);
  await q.query("CREATE VIRTUAL TABLE clientes_fts USING fts5(busca, tokenize = 'trigram')");
  await q.query('CREATE TRIGGER clientes_fts_ai AFTER INSERT ON clientes BEGIN INSERT INTO clientes_fts(rowid, busca) VALUES (new.rowid, new.busca); END');
  await q.query('CREATE TRIGGER clientes_fts_ad AFTER DELETE ON clientes BEGIN DELETE FROM clientes_fts WHERE rowid = old.rowid; END');
  await q.query(
    'CREATE TRIGGER clientes_fts_au AFTER UPDATE OF busca ON clientes BEGIN UPDATE clientes_fts SET busca = new.busca WHERE rowid = old.rowid; END',
  );
  await q.query('INSERT INTO clientes_fts(rowid, busca) SELECT rowid, busca FROM clientes');
}

async function dropClientesFts(q: QueryRunner): Promise<void> {
  for (const t of ['clientes_fts_ai', 'clientes_fts_ad', 'clientes_fts_au']) await q.query(`DROP TRIGGER IF EXISTS ${t}`);
  await q.query('DROP TABLE IF EXISTS clientes_fts');
}

/**
 * Client search from an index. SQLite: FTS5 trigram (substrings of 3+ characters). MySQL/MariaDB:
 * nothing to create (LIKE over the covering index ix_clientes_lista and the unique index on the
 * clean CNPJ; docs/decisions.md says why).
 */
export class ClientesFts1764800000000 implements MigrationInterface {
  name = 'ClientesFts1764800000000';

  async up(q: QueryRunner): Promise<void> {
    if (q.connection.options.type === 'better-sqlite3') await rebuildClientesFts(q);
  }

  async down(q: QueryRunner): Promise<void> {
    if (q.connection.options.type === 'better-sqlite3') await dropClientesFts(q);
  }
}
