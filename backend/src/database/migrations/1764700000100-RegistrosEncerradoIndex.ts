import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/** Relatórios read the registros concluded in a period: (status, encerradoEm) serves that range. */
export class RegistrosEncerradoIndex1764700000100 implements MigrationInterface {
  name = 'RegistrosEncerradoIndex1764700000100';

  async up(q: QueryRunner): Promise<void> {
    await q.createIndex('registros', new TableIndex({ name: 'ix_registros_status_encerrado', columnNames: ['status', 'encerradoEm'] }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropIndex('registros', 'ix_registros_status_encerrado');
  }
}
