import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';
import { dropTrigramIndex, rebuildTrigramIndex, TrigramIndex } from '../../read-side';

/**
 * SQLite: the FTS5 trigram index over `mail_messages.searchText`, contentless (the text is already in
 * the row, up to 16 KB of it): written by triggers from every path that writes a message (SMTP, send,
 * drafts, the bulk path).
 */
const MAIL_FTS: TrigramIndex = { fts: 'mail_fts', table: 'mail_messages', column: 'searchText', contentless: true };

/**
 * A mailbox of 100,000 messages (issue 14): the unread badge counted from an index alone
 * (owner, folder, read), Com estrela walked in date order (owner, starred, date), and on SQLite the
 * search from the trigram index. MySQL/MariaDB: the two indexes; the search stays a LIKE over the
 * owner's folder in date order (docs/adr/0027-search-from-an-index.md; the sitting:
 * bench/results/issue-14-search.md, "A mailbox of 100,000 messages").
 */
export class MailSearch1765200000000 implements MigrationInterface {
  name = 'MailSearch1765200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createIndex('mail_messages', new TableIndex({ name: 'ix_mail_owner_folder_read', columnNames: ['ownerId', 'folder', 'read'] }));
    await q.createIndex('mail_messages', new TableIndex({ name: 'ix_mail_owner_starred_date', columnNames: ['ownerId', 'starred', 'date'] }));
    if (q.connection.options.type === 'better-sqlite3') await rebuildTrigramIndex(q, MAIL_FTS);
  }

  async down(q: QueryRunner): Promise<void> {
    if (q.connection.options.type === 'better-sqlite3') await dropTrigramIndex(q, MAIL_FTS);
    await q.dropIndex('mail_messages', 'ix_mail_owner_starred_date');
    await q.dropIndex('mail_messages', 'ix_mail_owner_folder_read');
  }
}
