import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * mail_spool (issue 14, SMTP ingest): messages answered 250 while the listener was busy, kept until
 * the transaction that stores them into the inboxes deletes them (mail/mail-spool.service.ts).
 * MySQL/MariaDB: MEDIUMBLOB (16 MB) for the raw bytes, above the spool's per-message limit.
 */
export class MailSpool1766400000000 implements MigrationInterface {
  name = 'MailSpool1766400000000';

  async up(q: QueryRunner): Promise<void> {
    const mysql = q.connection.options.type === 'mysql';
    await q.query(
      `CREATE TABLE mail_spool (id varchar(36) NOT NULL PRIMARY KEY, createdAt datetime NOT NULL, updatedAt datetime NOT NULL, ` +
        `raw ${mysql ? 'mediumblob' : 'blob'} NOT NULL, mailFrom varchar(254) NOT NULL, owners text NOT NULL, remoteAddress varchar(64) NOT NULL, ` +
        `leaseUntil datetime NOT NULL, attempts int NOT NULL DEFAULT 0, lastError varchar(500) NULL)${mysql ? ' ENGINE=InnoDB' : ''}`,
    );
    await q.query('CREATE INDEX ix_mail_spool_lease ON mail_spool (leaseUntil)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE mail_spool');
  }
}
