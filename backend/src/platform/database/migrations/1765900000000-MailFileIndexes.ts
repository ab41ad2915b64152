import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * The mail files' names indexed where a row keeps them (issue 14): the sweep of files without a row
 * (MailOrphanSweep: at start-up on the local disk, every 6 h with STORAGE=s3) looks its names up 500
 * at a time, and without these each lookup read every message and attachment. With 100,000
 * messages the start-up sweep held the event loop for ~19 of its 26 s.
 */
export class MailFileIndexes1765900000000 implements MigrationInterface {
  name = 'MailFileIndexes1765900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createIndex('mail_messages', new TableIndex({ name: 'ix_mail_body_file', columnNames: ['bodyFile'] }));
    await q.createIndex('mail_attachments', new TableIndex({ name: 'ix_mail_att_stored', columnNames: ['storedName'] }));
    await q.createIndex('mail_outbox', new TableIndex({ name: 'ix_mail_outbox_payload', columnNames: ['payloadFile'] }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropIndex('mail_outbox', 'ix_mail_outbox_payload');
    await q.dropIndex('mail_attachments', 'ix_mail_att_stored');
    await q.dropIndex('mail_messages', 'ix_mail_body_file');
  }
}
