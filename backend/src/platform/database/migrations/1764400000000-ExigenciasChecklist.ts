import { randomUUID } from 'node:crypto';
import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { BASE_COLUMNS } from '../entity-base';
import { CHECKLIST_PADRAO } from './seeds/checklist-padrao';

/**
 * Issue 11 (exigências and checklists): the Junta's requirements on a registro, the checklist
 * templates per service (seeded with the defaults) and each registro's checklist. The registro
 * gains the deadline of its open exigências and whether its clock was stopped by them.
 */
export class ExigenciasChecklist1764400000000 implements MigrationInterface {
  name = 'ExigenciasChecklist1764400000000';

  async up(q: QueryRunner): Promise<void> {
    if (isSqlite(q)) {
      // Not addColumn: on SQLite TypeORM rebuilds the table (drop and copy), and dropping `registros`
      // fires ON DELETE CASCADE on its history. SQLite adds a column in place.
      await q.query('ALTER TABLE "registros" ADD COLUMN "exigenciaPrazo" varchar(10)');
      await q.query('ALTER TABLE "registros" ADD COLUMN "pausaExigencia" boolean NOT NULL DEFAULT (0)');
    } else {
      await q.addColumn('registros', new TableColumn({ name: 'exigenciaPrazo', type: 'varchar', length: '10', isNullable: true }));
      await q.addColumn('registros', new TableColumn({ name: 'pausaExigencia', type: 'boolean', default: false }));
    }
    // Prazos ("vencem em até N dias úteis") reads open registros by due date OR by their exigência's deadline.
    await q.createIndex('registros', new TableIndex({ name: 'ix_registros_status_exigencia', columnNames: ['status', 'exigenciaPrazo', 'id'] }));
    await q.createTable(
      new Table({
        name: 'registro_exigencias',
        columns: [
          ...BASE_COLUMNS,
          { name: 'registroId', type: 'varchar', length: '36' },
          { name: 'descricao', type: 'text' },
          { name: 'notificadaEm', type: 'varchar', length: '10' },
          { name: 'rodadaInicio', type: 'varchar', length: '10' },
          { name: 'prazo', type: 'varchar', length: '10' },
          { name: 'cumpridaEm', type: 'datetime', isNullable: true },
          { name: 'cumpridaPorNome', type: 'varchar', length: '200', isNullable: true },
          { name: 'criadoPorId', type: 'varchar', length: '36', isNullable: true },
          { name: 'criadoPorNome', type: 'varchar', length: '200' },
        ],
        indices: [
          { name: 'ix_registro_exigencias_registro', columnNames: ['registroId', 'notificadaEm'] },
          { name: 'ix_registro_exigencias_prazo', columnNames: ['prazo'] },
        ],
        foreignKeys: [
          { name: 'fk_registro_exigencias_registroId', columnNames: ['registroId'], referencedTableName: 'registros', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'checklist_modelos',
        columns: [
          ...BASE_COLUMNS,
          { name: 'servico', type: 'varchar', length: '60' },
          { name: 'chave', type: 'varchar', length: '60' },
          { name: 'nome', type: 'varchar', length: '200' },
          { name: 'descricao', type: 'text', isNullable: true },
          { name: 'obrigatorio', type: 'boolean', default: true },
          { name: 'ordem', type: 'int' },
        ],
        indices: [{ name: 'uq_checklist_modelos_chave', columnNames: ['servico', 'chave'], isUnique: true }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'registro_checklist',
        columns: [
          ...BASE_COLUMNS,
          { name: 'registroId', type: 'varchar', length: '36' },
          { name: 'chave', type: 'varchar', length: '60' },
          { name: 'nome', type: 'varchar', length: '200' },
          { name: 'descricao', type: 'text', isNullable: true },
          { name: 'obrigatorio', type: 'boolean', default: true },
          { name: 'ordem', type: 'int' },
          { name: 'status', type: 'varchar', length: '10', default: "'pendente'" },
          { name: 'motivo', type: 'text', isNullable: true },
          { name: 'documentoId', type: 'varchar', length: '36', isNullable: true },
          { name: 'enviadoEm', type: 'datetime', isNullable: true },
          { name: 'avaliadoEm', type: 'datetime', isNullable: true },
          { name: 'avaliadoPorNome', type: 'varchar', length: '200', isNullable: true },
        ],
        indices: [
          { name: 'uq_registro_checklist_chave', columnNames: ['registroId', 'chave'], isUnique: true },
          { name: 'ix_registro_checklist_documento', columnNames: ['documentoId'] },
        ],
        foreignKeys: [
          { name: 'fk_registro_checklist_registroId', columnNames: ['registroId'], referencedTableName: 'registros', referencedColumnNames: ['id'], onDelete: 'CASCADE' },
          // A file the client deletes (allowed until staff open it) leaves the item without one: pending again.
          { name: 'fk_registro_checklist_documentoId', columnNames: ['documentoId'], referencedTableName: 'documentos', referencedColumnNames: ['id'], onDelete: 'SET NULL' },
        ],
      }),
    );
    const now = new Date();
    for (const [servico, itens] of Object.entries(CHECKLIST_PADRAO)) {
      let ordem = 0;
      for (const it of itens) {
        ordem += 1;
        await q.manager
          .createQueryBuilder()
          .insert()
          .into('checklist_modelos')
          .values({ id: randomUUID(), createdAt: now, updatedAt: now, servico, chave: it.chave, nome: it.nome, descricao: it.descricao, obrigatorio: it.obrigatorio, ordem })
          .execute();
      }
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropIndex('registros', 'ix_registros_status_exigencia');
    await q.dropTable('registro_checklist');
    await q.dropTable('checklist_modelos');
    await q.dropTable('registro_exigencias');
    if (isSqlite(q)) {
      await q.query('ALTER TABLE "registros" DROP COLUMN "pausaExigencia"');
      await q.query('ALTER TABLE "registros" DROP COLUMN "exigenciaPrazo"');
    } else {
      await q.dropColumn('registros', 'pausaExigencia');
      await q.dropColumn('registros', 'exigenciaPrazo');
    }
  }
}

function isSqlite(q: QueryRunner): boolean {
  return q.connection.options.type === 'better-sqlite3';
}
