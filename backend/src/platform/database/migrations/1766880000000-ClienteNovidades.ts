import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';

/**
 * The portal's "Novidades" (issue 53, ADR 0052): one row per notice the firm sent a client, with its
 * title, the portal path it leads to and when the client read it. Listed newest first per client
 * (the index); the rows go with the client (ON DELETE CASCADE).
 */
export class ClienteNovidades1766880000000 implements MigrationInterface {
  name = 'ClienteNovidades1766880000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'cliente_novidades',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'clienteId', type: 'varchar', length: '36' },
          { name: 'evento', type: 'varchar', length: '60' },
          { name: 'titulo', type: 'varchar', length: '255' },
          { name: 'link', type: 'varchar', length: '200' },
          { name: 'lidaEm', type: 'datetime', isNullable: true },
          { name: 'createdAt', type: 'datetime' },
          { name: 'updatedAt', type: 'datetime' },
        ],
        foreignKeys: [new TableForeignKey({ columnNames: ['clienteId'], referencedTableName: 'clientes', referencedColumnNames: ['id'], onDelete: 'CASCADE' })],
        indices: [new TableIndex({ name: 'idx_cliente_novidades_cliente_created', columnNames: ['clienteId', 'createdAt'] })],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('cliente_novidades');
  }
}
