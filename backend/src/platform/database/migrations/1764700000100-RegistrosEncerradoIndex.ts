import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * Relatórios read the registros concluded in a period, and those requested in a period, grouped by
 * service, Junta or person: two covering indexes serve those ranges without reading the rows.
 */
export class RegistrosEncerradoIndex1764700000100 implements MigrationInterface {
  name = 'RegistrosEncerradoIndex1764700000100';

  async up(q: QueryRunner): Promise<void> {
    await q.createIndex(
      'registros',
      new TableIndex({ name: 'ix_registros_status_encerrado', columnNames: ['status', 'encerradoEm', 'createdAt', 'responsavelId', 'juntaUf', 'tipo', 'prazo'] }),
    );
    await q.createIndex(
      'registros',
      new TableIndex({ name: 'ix_registros_relatorio_criados', columnNames: ['createdAt', 'status', 'tipo', 'juntaUf', 'responsavelId', 'servico'] }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropIndex('registros', 'ix_registros_relatorio_criados');
    await q.dropIndex('registros', 'ix_registros_status_encerrado');
  }
}
