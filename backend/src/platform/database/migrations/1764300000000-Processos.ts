import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { UFS } from '@veritas/common';
import { BASE_COLUMNS } from '../entity-base';

/**
 * Issue 11: the Junta a registro is filed at and its current stage (both filters of the staff
 * list, indexed), the stages of each registro, and the board's stage templates (only the services
 * whose template was edited have a row; the others use the defaults in code).
 */
export class Processos1764300000000 implements MigrationInterface {
  name = 'Processos1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumns('registros', [
      new TableColumn({ name: 'juntaUf', type: 'varchar', length: '2', default: "'SP'" }),
      new TableColumn({ name: 'etapaAtual', type: 'varchar', length: '120', isNullable: true }),
      new TableColumn({ name: 'etapaDesde', type: 'datetime', isNullable: true }),
    ]);
    // Registros already filed: the client's state when it is a UF, else the default above.
    const ufs = UFS.map((u) => `'${u}'`).join(', ');
    await q.query(
      `UPDATE registros SET juntaUf = (SELECT UPPER(c.estado) FROM clientes c WHERE c.id = registros.clienteId) ` +
        `WHERE EXISTS (SELECT 1 FROM clientes c WHERE c.id = registros.clienteId AND UPPER(c.estado) IN (${ufs}))`,
    );
    await q.createIndices('registros', [
      new TableIndex({ name: 'ix_registros_junta_created', columnNames: ['juntaUf', 'createdAt', 'id'] }),
      new TableIndex({ name: 'ix_registros_etapa_junta_created', columnNames: ['etapaAtual', 'juntaUf', 'createdAt', 'id'] }),
      // The pipeline's columns filter by stage alone: without it the newest-first order needs a sort.
      new TableIndex({ name: 'ix_registros_etapa_created', columnNames: ['etapaAtual', 'createdAt', 'id'] }),
    ]);
    await q.createTable(
      new Table({
        name: 'registro_etapas',
        columns: [
          ...BASE_COLUMNS,
          { name: 'registroId', type: 'varchar', length: '36' },
          { name: 'ordem', type: 'int' },
          { name: 'nome', type: 'varchar', length: '120' },
          { name: 'responsavelTipo', type: 'varchar', length: '12' },
          { name: 'duracaoDiasUteis', type: 'int' },
          { name: 'documentos', type: 'text', isNullable: true },
          { name: 'status', type: 'varchar', length: '12', default: "'pendente'" },
          { name: 'inicio', type: 'datetime', isNullable: true },
          { name: 'fim', type: 'datetime', isNullable: true },
          { name: 'prazo', type: 'varchar', length: '10', isNullable: true },
          { name: 'protocolo', type: 'varchar', length: '100', isNullable: true },
          { name: 'nota', type: 'text', isNullable: true },
          { name: 'visivelCliente', type: 'boolean', default: false },
          { name: 'juntaUf', type: 'varchar', length: '2' },
          { name: 'diasUteis', type: 'int', isNullable: true },
        ],
        indices: [
          { name: 'uq_registro_etapas_ordem', columnNames: ['registroId', 'ordem'], isUnique: true },
          // The prediction: past durations of a stage at a Junta, latest first.
          { name: 'ix_registro_etapas_previsao', columnNames: ['nome', 'juntaUf', 'status', 'fim'] },
        ],
        foreignKeys: [
          { name: 'fk_registro_etapas_registroId', columnNames: ['registroId'], referencedTableName: 'registros', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'processo_modelos',
        columns: [
          ...BASE_COLUMNS,
          { name: 'servico', type: 'varchar', length: '60' },
          { name: 'etapas', type: 'text' },
          { name: 'atualizadoPor', type: 'varchar', length: '200', isNullable: true },
        ],
        indices: [{ name: 'uq_processo_modelos_servico', columnNames: ['servico'], isUnique: true }],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('processo_modelos');
    await q.dropTable('registro_etapas');
    await q.dropIndex('registros', 'ix_registros_etapa_created');
    await q.dropIndex('registros', 'ix_registros_etapa_junta_created');
    await q.dropIndex('registros', 'ix_registros_junta_created');
    await q.dropColumn('registros', 'etapaDesde');
    await q.dropColumn('registros', 'etapaAtual');
    await q.dropColumn('registros', 'juntaUf');
  }
}
