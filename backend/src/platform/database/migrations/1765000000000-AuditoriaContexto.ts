import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * The audit trail's context columns: the client and the registro an entry belongs to (a client's
 * documents and charges, a registro's documents, stages, exigências and checklist items), written at
 * record time so each client's and registro's trail is one indexed filter. Older entries keep them
 * null (the hash covers them only when set, so the chain still verifies). Plain ALTER TABLE on SQLite.
 */
export class AuditoriaContexto1765000000000 implements MigrationInterface {
  name = 'AuditoriaContexto1765000000000';

  async up(q: QueryRunner): Promise<void> {
    for (const col of ['clienteId', 'registroId']) {
      await q.query(q.connection.driver.options.type === 'mysql' ? `ALTER TABLE auditoria ADD COLUMN ${col} varchar(36) NULL` : `ALTER TABLE "auditoria" ADD COLUMN "${col}" varchar(36) NULL`);
    }
    await q.createIndex('auditoria', new TableIndex({ name: 'ix_auditoria_cliente', columnNames: ['clienteId', 'seq'] }));
    await q.createIndex('auditoria', new TableIndex({ name: 'ix_auditoria_registro', columnNames: ['registroId', 'seq'] }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropIndex('auditoria', 'ix_auditoria_registro');
    await q.dropIndex('auditoria', 'ix_auditoria_cliente');
    for (const col of ['registroId', 'clienteId']) {
      await q.query(q.connection.driver.options.type === 'mysql' ? `ALTER TABLE auditoria DROP COLUMN ${col}` : `ALTER TABLE "auditoria" DROP COLUMN "${col}"`);
    }
  }
}
