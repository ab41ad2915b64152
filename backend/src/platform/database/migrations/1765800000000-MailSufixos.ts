import { MigrationInterface, QueryRunner } from 'typeorm';
import { createSufixosIndex, MAIL_SUFIXOS } from '../../read-side';

/**
 * The mailbox searched from an index on MySQL/MariaDB too (issue 14): `mail_sufixos`, the suffixes of
 * the words of `mail_messages.searchText` (sufixos-index.ts), filled here for the stored messages. A
 * rare term over 100,000 messages read every folded text (14 req/s at 50 connections, p99 22 s).
 * SQLite has `mail_fts` (migration MailSearch1765200000000).
 */
export class MailSufixos1765800000000 implements MigrationInterface {
  name = 'MailSufixos1765800000000';

  async up(q: QueryRunner): Promise<void> {
    if (q.connection.options.type === 'better-sqlite3') return;
    await createSufixosIndex(q, MAIL_SUFIXOS);
  }

  async down(q: QueryRunner): Promise<void> {
    if (q.connection.options.type === 'better-sqlite3') return;
    await q.query(`DROP TABLE ${MAIL_SUFIXOS.side}`);
  }
}
