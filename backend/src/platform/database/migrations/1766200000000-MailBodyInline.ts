import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A message's body in its own row when small (issue 14): `mail_messages.body`, NULL for the
 * messages whose body stays a file (every message stored before, and bodies over
 * INLINE_BODY_MAX). TEXT on both databases: MySQL's holds 65,535 bytes, above the limit.
 * Adding a nullable column rewrites nothing (SQLite: the schema only; MariaDB: instant). Plain SQL:
 * TypeORM's addColumn rebuilds the table on SQLite, which would drop the search index's triggers.
 */
export class MailBodyInline1766200000000 implements MigrationInterface {
  name = 'MailBodyInline1766200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE mail_messages ADD COLUMN body text NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE mail_messages DROP COLUMN body');
  }
}
