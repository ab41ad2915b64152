import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';

/**
 * When a client became inativo (Relatórios: inactivations per month). Clients already inactive get
 * their last update as the best date known. On SQLite a plain ALTER TABLE: TypeORM's addColumn
 * there rebuilds the table, which the rows of registros and documentos point at.
 */
export class ClientesInativadoEm1764700000000 implements MigrationInterface {
  name = 'ClientesInativadoEm1764700000000';

  async up(q: QueryRunner): Promise<void> {
    if (q.connection.driver.options.type === 'mysql') {
      await q.addColumn('clientes', new TableColumn({ name: 'inativadoEm', type: 'datetime', isNullable: true }));
    } else {
      await q.query('ALTER TABLE "clientes" ADD COLUMN "inativadoEm" datetime NULL');
    }
    await q.query(`UPDATE clientes SET inativadoEm = updatedAt WHERE status = 'inativo'`);
    await q.createIndex('clientes', new TableIndex({ name: 'ix_clientes_inativado', columnNames: ['inativadoEm'] }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropIndex('clientes', 'ix_clientes_inativado');
    if (q.connection.driver.options.type === 'mysql') await q.dropColumn('clientes', 'inativadoEm');
    else await q.query('ALTER TABLE "clientes" DROP COLUMN "inativadoEm"');
  }
}
