import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 56, "attachments become documents" (ADR 0051): a document made from a mail attachment keeps
 * the mailbox copy it came from. No foreign key: the copy may be deleted for good later, and the
 * document still says it came by e-mail. Nullable column added with plain SQL (SQLite: the schema only;
 * MariaDB: instant); documents uploaded before keep null.
 */
export class DocumentoOrigemEmail1766870000000 implements MigrationInterface {
  name = 'DocumentoOrigemEmail1766870000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE documentos ADD COLUMN origemEmailId varchar(36) NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE documentos DROP COLUMN origemEmailId');
  }
}
