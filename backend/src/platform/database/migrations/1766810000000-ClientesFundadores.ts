import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Founders (issue 54, ADR 0047): a client may register before its company exists, with the founder's
 * CPF and no CNPJ yet. `clientes.cnpj` becomes nullable (the unique index allows many NULLs on both
 * databases) and `clientes.cpf` holds the founder's CPF (clean, 11 digits).
 *
 * SQLite cannot drop a NOT NULL in place (and better-sqlite3 runs in defensive mode, so the schema
 * text cannot be edited): the table is copied aside, created again with the same SQL but the NOT NULL,
 * and filled back with the same rowids (clientes_fts points at them); its indexes and triggers are
 * created again from their own SQL. Foreign keys are off while TypeORM runs migrations on SQLite, so
 * dropping the old table cascades nothing.
 */
export class ClientesFundadores1766810000000 implements MigrationInterface {
  name = 'ClientesFundadores1766810000000';

  async up(q: QueryRunner): Promise<void> {
    if (q.connection.driver.options.type === 'mysql') {
      await q.query('ALTER TABLE `clientes` MODIFY `cnpj` varchar(14) NULL, ADD `cpf` varchar(11) NULL');
    } else {
      // Already nullable when this migration went down and comes up again (down leaves it so on SQLite).
      const [table] = (await q.query(`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'clientes'`)) as { sql: string }[];
      if (/"cnpj" varchar\(14\) NOT NULL/.test(table.sql)) await rebuildClientes(q, (sql) => sql.replace(/"cnpj" varchar\(14\) NOT NULL/, '"cnpj" varchar(14)'));
      await q.query('ALTER TABLE "clientes" ADD COLUMN "cpf" varchar(11)');
    }
    await q.query('CREATE INDEX ix_clientes_cpf ON clientes (cpf)');
  }

  async down(q: QueryRunner): Promise<void> {
    // A client still without a CNPJ cannot go back to a schema that requires one.
    await q.query('DELETE FROM clientes WHERE cnpj IS NULL');
    if (q.connection.driver.options.type === 'mysql') {
      await q.query('DROP INDEX ix_clientes_cpf ON `clientes`');
      await q.query('ALTER TABLE `clientes` DROP COLUMN `cpf`, MODIFY `cnpj` varchar(14) NOT NULL');
    } else {
      // cnpj stays nullable on SQLite: rebuilding the parent table outside TypeORM's start-up (where
      // foreign keys are off) would fail on, or cascade to, every table that references clientes.
      await q.query('DROP INDEX ix_clientes_cpf');
      await q.query('ALTER TABLE "clientes" DROP COLUMN "cpf"');
    }
  }
}

/** SQLite: `clientes` created again from its own SQL as `change` rewrites it, keeping rows, rowids, indexes and triggers. */
async function rebuildClientes(q: QueryRunner, change: (sql: string) => string): Promise<void> {
  const [table] = (await q.query(`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'clientes'`)) as { sql: string }[];
  const created = change(table.sql);
  if (created === table.sql) throw new Error('clientes: a coluna cnpj não tem a forma esperada.');
  const extras = (await q.query(
    `SELECT sql FROM sqlite_master WHERE tbl_name = 'clientes' AND type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY type, name`,
  )) as { sql: string }[];
  const columns = ((await q.query(`PRAGMA table_info("clientes")`)) as { name: string }[]).map((c) => `"${c.name}"`).join(', ');
  await q.query(`CREATE TABLE "clientes_copia" AS SELECT rowid AS "rowid_copia", ${columns} FROM "clientes"`);
  await q.query('DROP TABLE "clientes"');
  await q.query(created);
  await q.query(`INSERT INTO "clientes" (rowid, ${columns}) SELECT "rowid_copia", ${columns} FROM "clientes_copia" ORDER BY "rowid_copia"`);
  await q.query('DROP TABLE "clientes_copia"');
  // Indexes first (ORDER BY type), then the triggers that keep the search index and the data versions.
  for (const { sql } of extras) await q.query(sql);
}
