import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * A client's timeline (issue 56, ADR 0054) reads each source's newest rows of one client from an index on
 * (clienteId, date). Registros, documentos and agenda_eventos have one; cobrancas had its client's index
 * by status and due date only, so its newest charges were gathered whole and sorted. A message filed under a
 * client gives one line (of its links to the client, the one with a registro): that choice reads the message's
 * links by (emailId, clienteId) — with the client's index alone, SQLite walked every link of the client for
 * each message.
 */
export class LinhaDoTempoIndexes1766905600000 implements MigrationInterface {
  name = 'LinhaDoTempoIndexes1766905600000';

  async up(q: QueryRunner): Promise<void> {
    await q.createIndex('cobrancas', new TableIndex({ name: 'ix_cobrancas_cliente_created', columnNames: ['clienteId', 'createdAt', 'id'] }));
    await q.createIndex('email_vinculos', new TableIndex({ name: 'ix_email_vinculos_email_cliente', columnNames: ['emailId', 'clienteId', 'registroId'] }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropIndex('email_vinculos', 'ix_email_vinculos_email_cliente');
    await q.dropIndex('cobrancas', 'ix_cobrancas_cliente_created');
  }
}
