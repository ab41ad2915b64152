import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox the board can see (issue 53, Configurações → Fila de saída): each queued message keeps
 * its recipients, and an index on updatedAt lets /api/health/ready and the panel's banner read the
 * latest attempts without a scan. Nullable column added with plain SQL (SQLite: the schema only;
 * MariaDB: instant). Rows queued before keep a null `para`: the list shows their summary instead.
 */
export class MailOutboxFila1766830000000 implements MigrationInterface {
  name = 'MailOutboxFila1766830000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE mail_outbox ADD COLUMN para varchar(500) NULL');
    await q.query('CREATE INDEX ix_mail_outbox_updated ON mail_outbox (updatedAt)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(q.connection.driver.options.type === 'mysql' ? 'DROP INDEX ix_mail_outbox_updated ON mail_outbox' : 'DROP INDEX ix_mail_outbox_updated');
    await q.query('ALTER TABLE mail_outbox DROP COLUMN para');
  }
}
