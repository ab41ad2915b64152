import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';

/**
 * Clients choose which optional e-mails they get (issue 53, ADR 0046): one row per client that chose,
 * a flag per category, every one on by default (a client without a row gets everything). The row goes
 * with the client (ON DELETE CASCADE).
 */
export class ClienteNotificacoes1766850000000 implements MigrationInterface {
  name = 'ClienteNotificacoes1766850000000';

  async up(q: QueryRunner): Promise<void> {
    const flag = (name: string) => ({ name, type: 'boolean', default: true });
    await q.createTable(
      new Table({
        name: 'cliente_notificacoes',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'clienteId', type: 'varchar', length: '36' },
          flag('andamento'),
          flag('documentos'),
          flag('cobrancas'),
          flag('agenda'),
          { name: 'createdAt', type: 'datetime' },
          { name: 'updatedAt', type: 'datetime' },
        ],
        foreignKeys: [new TableForeignKey({ columnNames: ['clienteId'], referencedTableName: 'clientes', referencedColumnNames: ['id'], onDelete: 'CASCADE' })],
        indices: [new TableIndex({ name: 'uq_cliente_notificacoes_cliente', columnNames: ['clienteId'], isUnique: true })],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('cliente_notificacoes');
  }
}
