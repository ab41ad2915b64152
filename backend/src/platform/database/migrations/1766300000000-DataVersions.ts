import { MigrationInterface, QueryRunner } from 'typeorm';
import { ensureVersionTriggers, TRIGGERS_REFUSED, VERSION_SLOTS, VERSIONED_TABLES, versionTriggers } from '../../read-side';

/**
 * data_versions (issue 14): per table, counters that triggers bump in the writing transaction, so
 * that a report can be kept while its tables are unchanged (database/data-versions.ts). Every slot
 * row exists from the start: a trigger only ever updates one (a row lock, never a gap lock).
 */
export class DataVersions1766300000000 implements MigrationInterface {
  name = 'DataVersions1766300000000';

  async up(q: QueryRunner): Promise<void> {
    const mysql = q.connection.options.type === 'mysql';
    await q.query(
      mysql
        ? 'CREATE TABLE data_versions (tabela varchar(64) NOT NULL, slot int NOT NULL, versao bigint NOT NULL DEFAULT 0, PRIMARY KEY (tabela, slot)) ENGINE=InnoDB'
        : 'CREATE TABLE data_versions (tabela varchar(64) NOT NULL, slot integer NOT NULL, versao integer NOT NULL DEFAULT 0, PRIMARY KEY (tabela, slot)) WITHOUT ROWID',
    );
    const slots = mysql ? VERSION_SLOTS : 1;
    for (const tabela of Object.keys(VERSIONED_TABLES)) {
      const rows = Array.from({ length: slots }, (_, slot) => [tabela, slot]);
      await q.query(`INSERT INTO data_versions (tabela, slot, versao) VALUES ${rows.map(() => '(?, ?, 0)').join(', ')}`, rows.flat());
    }
    // Refused to this user (binary logging without SUPER): the table stays, the app runs without versions
    // and says so at every start (DataVersions), and creates them at the first start that may.
    if (!(await ensureVersionTriggers(q, q.connection.options.type))) q.connection.logger.log('warn', TRIGGERS_REFUSED);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of versionTriggers(q.connection.options.type === 'mysql' ? 'mysql' : 'sqlite')) await q.query(`DROP TRIGGER IF EXISTS ${t.name}`);
    await q.query('DROP TABLE data_versions');
  }
}
