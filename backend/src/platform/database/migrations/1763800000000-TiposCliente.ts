import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { BASE_COLUMNS } from '../entity-base';

/** Client types (§3.7) and their priced services, each price an exact DECIMAL(12,2). */
export class TiposCliente1763800000000 implements MigrationInterface {
  name = 'TiposCliente1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'tipos_cliente',
        columns: [
          ...BASE_COLUMNS,
          { name: 'nome', type: 'varchar', length: '120' },
          { name: 'ativo', type: 'boolean', default: true },
          { name: 'busca', type: 'varchar', length: '120' },
        ],
        indices: [
          { name: 'uq_tipos_cliente_busca', columnNames: ['busca'], isUnique: true },
          { name: 'ix_tipos_cliente_ativo', columnNames: ['ativo'] },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'tipos_cliente_servicos',
        columns: [
          ...BASE_COLUMNS,
          { name: 'tipoClienteId', type: 'varchar', length: '36' },
          { name: 'nome', type: 'varchar', length: '120' },
          { name: 'valor', type: 'decimal', precision: 12, scale: 2 },
          { name: 'ordem', type: 'int' },
        ],
        indices: [{ name: 'ix_tipos_cliente_servicos_tipo', columnNames: ['tipoClienteId'] }],
        foreignKeys: [
          {
            name: 'fk_tipos_cliente_servicos_tipo',
            columnNames: ['tipoClienteId'],
            referencedTableName: 'tipos_cliente',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          },
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('tipos_cliente_servicos');
    await q.dropTable('tipos_cliente');
  }
}
