import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * A mailbox's size summed from an index alone (issue 14): the quota is asked on every RCPT TO (once
 * per mailbox every 30 s), every draft saved and every message sent, and the sum read every row of
 * the mailbox — bodies kept in the row included. On MariaDB, eight such sums at once over ~10,000
 * messages took ~0.7 s each, and held every SMTP session waiting on them. (ownerId, size) covers it.
 * ix_mail_owner_starred (ownerId, starred) goes: ix_mail_owner_starred_date begins with the same two
 * columns, so each message keeps the same number of index entries.
 */
export class MailUsageIndex1766500000000 implements MigrationInterface {
  name = 'MailUsageIndex1766500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createIndex('mail_messages', new TableIndex({ name: 'ix_mail_owner_size', columnNames: ['ownerId', 'size'] }));
    await q.dropIndex('mail_messages', 'ix_mail_owner_starred');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.createIndex('mail_messages', new TableIndex({ name: 'ix_mail_owner_starred', columnNames: ['ownerId', 'starred'] }));
    await q.dropIndex('mail_messages', 'ix_mail_owner_size');
  }
}
