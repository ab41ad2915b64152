import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * LGPD exports bounded (issue 55): `armazenado`, the bytes an export keeps in the storage (its JSON
 * parts only: the documents are streamed from the live files at download), summed against
 * EXPORT_STORAGE_MAX_MB; `tentativas`, how many times its generation started (a crash resumes it once
 * at start-up, then fails it).
 */
export class ExportacoesLimitadas1766700055100 implements MigrationInterface {
  name = 'ExportacoesLimitadas1766700055100';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumn('solicitacoes_titulares', new TableColumn({ name: 'armazenado', type: 'int', isNullable: true }));
    await q.addColumn('solicitacoes_titulares', new TableColumn({ name: 'tentativas', type: 'int', default: 0 }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('solicitacoes_titulares', 'tentativas');
    await q.dropColumn('solicitacoes_titulares', 'armazenado');
  }
}
