import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';

/**
 * Sessions that end (issue 54): the sessions' version of each account and of each agenda feed, and
 * the sessions ended one by one ("Sair") until their tokens expire.
 */
export class Sessions1766750000000 implements MigrationInterface {
  name = 'Sessions1766750000000';

  async up(q: QueryRunner): Promise<void> {
    // On SQLite a plain ALTER TABLE: TypeORM's addColumn there rebuilds the table (and drops its triggers).
    const mysql = q.connection.driver.options.type === 'mysql';
    for (const table of ['users', 'clientes', 'agenda_feeds']) {
      if (mysql) await q.addColumn(table, new TableColumn({ name: 'tokenVersion', type: 'int', default: 0 }));
      else await q.query(`ALTER TABLE "${table}" ADD COLUMN "tokenVersion" integer NOT NULL DEFAULT (0)`);
    }
    await q.createTable(
      new Table({
        name: 'sessoes_revogadas',
        columns: [
          { name: 'sid', type: 'varchar', length: '36', isPrimary: true },
          { name: 'expiraEm', type: 'datetime' },
        ],
      }),
    );
    await q.createIndex('sessoes_revogadas', new TableIndex({ name: 'idx_sessoes_revogadas_expira', columnNames: ['expiraEm'] }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('sessoes_revogadas');
    const mysql = q.connection.driver.options.type === 'mysql';
    for (const table of ['users', 'clientes', 'agenda_feeds']) {
      if (mysql) await q.dropColumn(table, 'tokenVersion');
      else await q.query(`ALTER TABLE "${table}" DROP COLUMN "tokenVersion"`);
    }
  }
}
