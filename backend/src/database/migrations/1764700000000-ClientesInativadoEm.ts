import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';

/**
 * When a client became inativo (Relatórios: inactivations per month). Clients already inactive get
 * their last update as the best date known.
 */
export class ClientesInativadoEm1764700000000 implements MigrationInterface {
  name = 'ClientesInativadoEm1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumn('clientes', new TableColumn({ name: 'inativadoEm', type: 'datetime', isNullable: true }));
    await q.query(`UPDATE clientes SET inativadoEm = updatedAt WHERE status = 'inativo'`);
    await q.createIndex('clientes', new TableIndex({ name: 'ix_clientes_inativado', columnNames: ['inativadoEm'] }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropIndex('clientes', 'ix_clientes_inativado');
    await q.dropColumn('clientes', 'inativadoEm');
  }
}
