import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * Issue 57, the first ask of a page (ADR 0060): the documents' and the charges' staff lists read a page's ids
 * from an index whose last columns are the list's order (sort column, then id) and then those rows by id.
 * - documentos: the newest-first index had no id, so "createdAt DESC, id DESC" sorted every row for each page;
 *   the type and sender filters had no index at all.
 * - cobrancas: a status filter in creation order (the screen's default) had only (status, vencimento), and the
 *   overdue ones (status and due date) and a due period were sorted whole, or looked up row by row, for each
 *   page. The creation-order indexes now carry status and due date, so those filters are checked in the index
 *   while it gives the order; a due date's own index counts a period.
 */
export class ListasPrimeiraVez1766950000000 implements MigrationInterface {
  name = 'ListasPrimeiraVez1766950000000';

  async up(q: QueryRunner): Promise<void> {
    await q.dropIndex('documentos', 'ix_documentos_created');
    await q.createIndex('documentos', new TableIndex({ name: 'ix_documentos_created', columnNames: ['createdAt', 'id'] }));
    await q.createIndex('documentos', new TableIndex({ name: 'ix_documentos_tipo_created', columnNames: ['tipo', 'createdAt', 'id'] }));
    await q.createIndex('documentos', new TableIndex({ name: 'ix_documentos_enviado_created', columnNames: ['enviadoPor', 'createdAt', 'id'] }));
    await q.dropIndex('cobrancas', 'ix_cobrancas_created');
    await q.createIndex('cobrancas', new TableIndex({ name: 'ix_cobrancas_created', columnNames: ['createdAt', 'id', 'status', 'vencimento'] }));
    await q.createIndex('cobrancas', new TableIndex({ name: 'ix_cobrancas_status_created', columnNames: ['status', 'createdAt', 'id', 'vencimento'] }));
    await q.createIndex('cobrancas', new TableIndex({ name: 'ix_cobrancas_vencimento', columnNames: ['vencimento', 'id'] }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropIndex('cobrancas', 'ix_cobrancas_vencimento');
    await q.dropIndex('cobrancas', 'ix_cobrancas_status_created');
    await q.dropIndex('cobrancas', 'ix_cobrancas_created');
    await q.createIndex('cobrancas', new TableIndex({ name: 'ix_cobrancas_created', columnNames: ['createdAt', 'id'] }));
    await q.dropIndex('documentos', 'ix_documentos_enviado_created');
    await q.dropIndex('documentos', 'ix_documentos_tipo_created');
    await q.dropIndex('documentos', 'ix_documentos_created');
    await q.createIndex('documentos', new TableIndex({ name: 'ix_documentos_created', columnNames: ['createdAt'] }));
  }
}
