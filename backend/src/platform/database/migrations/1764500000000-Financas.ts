import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { BASE_COLUMNS } from '../entity-base';

/**
 * Finanças (issue 12): charges with their lines, payments and history; imported bank statements;
 * the reminders already sent. Money in integer centavos (INT: up to R$ 21 million per value).
 */
export class Financas1764500000000 implements MigrationInterface {
  name = 'Financas1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'cobrancas',
        columns: [
          ...BASE_COLUMNS,
          { name: 'clienteId', type: 'varchar', length: '36' },
          { name: 'registroId', type: 'varchar', length: '36', isNullable: true },
          { name: 'status', type: 'varchar', length: '10' },
          { name: 'vencimento', type: 'varchar', length: '10' },
          { name: 'totalCentavos', type: 'int' },
          { name: 'honorariosCentavos', type: 'int' },
          { name: 'pagoCentavos', type: 'int', default: 0 },
          { name: 'txid', type: 'varchar', length: '25' },
          { name: 'motivoCancelamento', type: 'text', isNullable: true },
          { name: 'criadoPorId', type: 'varchar', length: '36', isNullable: true },
          { name: 'criadoPorNome', type: 'varchar', length: '200' },
          { name: 'versao', type: 'int', default: 1 },
        ],
        indices: [
          { name: 'uq_cobrancas_txid', columnNames: ['txid'], isUnique: true },
          { name: 'ix_cobrancas_status_venc', columnNames: ['status', 'vencimento', 'id'] },
          { name: 'ix_cobrancas_cliente', columnNames: ['clienteId', 'status', 'vencimento'] },
          { name: 'ix_cobrancas_registro', columnNames: ['registroId'] },
          { name: 'ix_cobrancas_created', columnNames: ['createdAt', 'id'] },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'cobranca_linhas',
        columns: [
          ...BASE_COLUMNS,
          { name: 'cobrancaId', type: 'varchar', length: '36' },
          { name: 'ordem', type: 'int' },
          { name: 'descricao', type: 'varchar', length: '200' },
          { name: 'tipo', type: 'varchar', length: '10' },
          { name: 'valorCentavos', type: 'int' },
        ],
        indices: [{ name: 'ix_cobranca_linhas_cobranca', columnNames: ['cobrancaId', 'ordem'] }],
        foreignKeys: [{ columnNames: ['cobrancaId'], referencedTableName: 'cobrancas', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'cobranca_pagamentos',
        columns: [
          ...BASE_COLUMNS,
          { name: 'cobrancaId', type: 'varchar', length: '36' },
          { name: 'ordem', type: 'int' },
          { name: 'data', type: 'varchar', length: '10' },
          { name: 'valorCentavos', type: 'int' },
          { name: 'forma', type: 'varchar', length: '15' },
          { name: 'nota', type: 'text', isNullable: true },
          { name: 'extratoTransacaoId', type: 'varchar', length: '36', isNullable: true },
          { name: 'registradoPorNome', type: 'varchar', length: '200' },
        ],
        indices: [
          // 1, 2, 3... within the charge: the receipts' numbers (MySQL's DATETIME keeps whole seconds only).
          { name: 'uq_cobranca_pagamentos_ordem', columnNames: ['cobrancaId', 'ordem'], isUnique: true },
          { name: 'ix_cobranca_pagamentos_data', columnNames: ['data'] },
          // A bank credit pays one charge once, however many times its statement is confirmed.
          { name: 'uq_cobranca_pagamentos_transacao', columnNames: ['extratoTransacaoId'], isUnique: true },
        ],
        foreignKeys: [{ columnNames: ['cobrancaId'], referencedTableName: 'cobrancas', referencedColumnNames: ['id'] }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'cobranca_historico',
        columns: [
          ...BASE_COLUMNS,
          { name: 'cobrancaId', type: 'varchar', length: '36' },
          { name: 'ordem', type: 'int' },
          { name: 'evento', type: 'varchar', length: '20' },
          { name: 'descricao', type: 'text' },
          { name: 'autorNome', type: 'varchar', length: '200' },
        ],
        indices: [{ name: 'uq_cobranca_historico_ordem', columnNames: ['cobrancaId', 'ordem'], isUnique: true }],
        foreignKeys: [{ columnNames: ['cobrancaId'], referencedTableName: 'cobrancas', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'cobranca_lembretes',
        columns: [
          ...BASE_COLUMNS,
          { name: 'cobrancaId', type: 'varchar', length: '36' },
          { name: 'diaRelativo', type: 'int' },
        ],
        // Once per charge and day, across restarts and processes: the insert is the claim.
        indices: [{ name: 'uq_cobranca_lembretes', columnNames: ['cobrancaId', 'diaRelativo'], isUnique: true }],
        foreignKeys: [{ columnNames: ['cobrancaId'], referencedTableName: 'cobrancas', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'extratos',
        columns: [
          ...BASE_COLUMNS,
          { name: 'nomeArquivo', type: 'varchar', length: '200' },
          { name: 'conta', type: 'varchar', length: '60' },
          { name: 'importadoPorNome', type: 'varchar', length: '200' },
          { name: 'repetidas', type: 'int', default: 0 },
        ],
        indices: [{ name: 'ix_extratos_created', columnNames: ['createdAt'] }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'extrato_transacoes',
        columns: [
          ...BASE_COLUMNS,
          { name: 'extratoId', type: 'varchar', length: '36' },
          { name: 'conta', type: 'varchar', length: '60' },
          { name: 'fitid', type: 'varchar', length: '120' },
          { name: 'data', type: 'varchar', length: '10' },
          { name: 'valorCentavos', type: 'int' },
          { name: 'memo', type: 'varchar', length: '500' },
        ],
        indices: [
          { name: 'uq_extrato_transacoes_fitid', columnNames: ['conta', 'fitid'], isUnique: true },
          { name: 'ix_extrato_transacoes_extrato', columnNames: ['extratoId'] },
        ],
        foreignKeys: [{ columnNames: ['extratoId'], referencedTableName: 'extratos', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['extrato_transacoes', 'extratos', 'cobranca_lembretes', 'cobranca_historico', 'cobranca_pagamentos', 'cobranca_linhas', 'cobrancas']) {
      await q.dropTable(t);
    }
  }
}
