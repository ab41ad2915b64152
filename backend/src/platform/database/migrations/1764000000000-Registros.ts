import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { BASE_COLUMNS } from '../entity-base';

const fk = (table: string, column: string, refTable: string, onDelete: 'CASCADE' | 'NO ACTION' = 'NO ACTION') => ({
  name: `fk_${table}_${column}`,
  columnNames: [column],
  referencedTableName: refTable,
  referencedColumnNames: ['id'],
  onDelete,
});

/**
 * Issue 6: registros with their history and protocol counter, documents, and the firm's own
 * non-working days. A client's registros and documents are removed through ClienteDependentsRegistry
 * before the client (the foreign keys refuse the other order).
 */
export class Registros1764000000000 implements MigrationInterface {
  name = 'Registros1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'feriados',
        columns: [...BASE_COLUMNS, { name: 'data', type: 'varchar', length: '10' }, { name: 'nome', type: 'varchar', length: '120' }],
        indices: [{ name: 'uq_feriados_data', columnNames: ['data'], isUnique: true }],
      }),
    );
    // One row per year: the last protocol number handed out (row-locked while a registro is created).
    await q.createTable(
      new Table({
        name: 'registro_sequencias',
        columns: [
          { name: 'ano', type: 'int', isPrimary: true },
          { name: 'ultimo', type: 'int' },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'registros',
        columns: [
          ...BASE_COLUMNS,
          { name: 'numero', type: 'varchar', length: '20' },
          { name: 'clienteId', type: 'varchar', length: '36' },
          { name: 'servico', type: 'varchar', length: '60', isNullable: true },
          { name: 'tipo', type: 'varchar', length: '120' },
          { name: 'descricao', type: 'text' },
          { name: 'valor', type: 'decimal', precision: 12, scale: 2, isNullable: true },
          { name: 'status', type: 'varchar', length: '12', default: "'pendente'" },
          { name: 'responsavelId', type: 'varchar', length: '36', isNullable: true },
          { name: 'slaDiasUteis', type: 'int' },
          { name: 'prazo', type: 'varchar', length: '10', isNullable: true },
          { name: 'pausadoEm', type: 'varchar', length: '10', isNullable: true },
          { name: 'diasUteisRestantes', type: 'int', isNullable: true },
          { name: 'encerradoEm', type: 'datetime', isNullable: true },
        ],
        indices: [
          { name: 'uq_registros_numero', columnNames: ['numero'], isUnique: true },
          // Each ends with the sort column(s) and id: a page of ids and its count come from the index alone.
          { name: 'ix_registros_created', columnNames: ['createdAt', 'id'] },
          { name: 'ix_registros_status_created', columnNames: ['status', 'createdAt', 'id'] },
          { name: 'ix_registros_cliente_created', columnNames: ['clienteId', 'createdAt', 'id'] },
          { name: 'ix_registros_responsavel', columnNames: ['responsavelId', 'status', 'createdAt', 'id'] },
          { name: 'ix_registros_servico', columnNames: ['servico', 'status', 'createdAt', 'id'] },
          { name: 'ix_registros_status_prazo', columnNames: ['status', 'prazo', 'id'] },
        ],
        foreignKeys: [fk('registros', 'clienteId', 'clientes')],
      }),
    );
    await q.createTable(
      new Table({
        name: 'registro_historico',
        columns: [
          ...BASE_COLUMNS,
          { name: 'registroId', type: 'varchar', length: '36' },
          { name: 'ordem', type: 'int' },
          { name: 'evento', type: 'varchar', length: '12' },
          { name: 'de', type: 'varchar', length: '200', isNullable: true },
          { name: 'para', type: 'varchar', length: '200', isNullable: true },
          { name: 'autorTipo', type: 'varchar', length: '10' },
          { name: 'autorId', type: 'varchar', length: '36', isNullable: true },
          { name: 'autorNome', type: 'varchar', length: '200' },
          { name: 'nota', type: 'text', isNullable: true },
          { name: 'notaVisivelCliente', type: 'boolean', default: false },
          { name: 'visivelCliente', type: 'boolean', default: true },
        ],
        indices: [{ name: 'uq_registro_historico_ordem', columnNames: ['registroId', 'ordem'], isUnique: true }],
        foreignKeys: [fk('registro_historico', 'registroId', 'registros', 'CASCADE')],
      }),
    );
    await q.createTable(
      new Table({
        name: 'documentos',
        columns: [
          ...BASE_COLUMNS,
          { name: 'clienteId', type: 'varchar', length: '36' },
          { name: 'registroId', type: 'varchar', length: '36', isNullable: true },
          { name: 'titulo', type: 'varchar', length: '200' },
          { name: 'nomeArquivo', type: 'varchar', length: '255' },
          { name: 'mime', type: 'varchar', length: '100' },
          { name: 'tipo', type: 'varchar', length: '20' },
          { name: 'tamanho', type: 'int' },
          { name: 'sha256', type: 'varchar', length: '64' },
          { name: 'storageKey', type: 'varchar', length: '200' },
          { name: 'enviadoPor', type: 'varchar', length: '10' },
          { name: 'enviadoPorId', type: 'varchar', length: '36', isNullable: true },
          { name: 'enviadoPorNome', type: 'varchar', length: '200' },
          { name: 'baixadoClienteEm', type: 'datetime', isNullable: true },
          { name: 'lidoEquipeEm', type: 'datetime', isNullable: true },
        ],
        indices: [
          { name: 'ix_documentos_cliente_created', columnNames: ['clienteId', 'createdAt'] },
          { name: 'ix_documentos_registro', columnNames: ['registroId'] },
          { name: 'ix_documentos_created', columnNames: ['createdAt'] },
        ],
        foreignKeys: [fk('documentos', 'clienteId', 'clientes'), fk('documentos', 'registroId', 'registros')],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('documentos');
    await q.dropTable('registro_historico');
    await q.dropTable('registros');
    await q.dropTable('registro_sequencias');
    await q.dropTable('feriados');
  }
}
