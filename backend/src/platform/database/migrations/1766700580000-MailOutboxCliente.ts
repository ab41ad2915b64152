import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The e-mails sent to a client, for its LGPD copy (issue 58): a queued notification keeps which
 * client it was for, its event and its subject. Nullable columns added with plain SQL (SQLite: the
 * schema only; MariaDB: instant), and an index to read one client's messages.
 */
export class MailOutboxCliente1766700580000 implements MigrationInterface {
  name = 'MailOutboxCliente1766700580000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE mail_outbox ADD COLUMN clienteId varchar(36) NULL');
    await q.query('ALTER TABLE mail_outbox ADD COLUMN evento varchar(40) NULL');
    await q.query('ALTER TABLE mail_outbox ADD COLUMN assunto varchar(300) NULL');
    await q.query('CREATE INDEX ix_mail_outbox_cliente ON mail_outbox (clienteId)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(q.connection.driver.options.type === 'mysql' ? 'DROP INDEX ix_mail_outbox_cliente ON mail_outbox' : 'DROP INDEX ix_mail_outbox_cliente');
    await q.query('ALTER TABLE mail_outbox DROP COLUMN assunto');
    await q.query('ALTER TABLE mail_outbox DROP COLUMN evento');
    await q.query('ALTER TABLE mail_outbox DROP COLUMN clienteId');
  }
}
