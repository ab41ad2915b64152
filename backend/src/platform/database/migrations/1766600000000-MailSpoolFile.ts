import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * mail_spool.rawFile (issue 14, SMTP ingest): a message over 1 MB is spooled too, its raw bytes in a
 * mail file (MailFiles: DATA_DIR/mail or the bucket) named here, the row's `raw` left empty.
 */
export class MailSpoolFile1766600000000 implements MigrationInterface {
  name = 'MailSpoolFile1766600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumn('mail_spool', new TableColumn({ name: 'rawFile', type: 'varchar', length: '80', isNullable: true }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('mail_spool', 'rawFile');
  }
}
