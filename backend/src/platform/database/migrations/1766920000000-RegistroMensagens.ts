import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';

/**
 * Issue 56's last part (ADR 0057):
 * - registro_mensagens: a registro's conversation between its client and the firm, read in order by
 *   (registroId, createdAt, id); the unread of one side counted by (registroId, lado, lidaEm). `lidaEm` is
 *   the read receipt of the other side. The author's name is kept as written ("Ana Souza (Contador)"), with the
 *   member who wrote it (autorMembroId, ADR 0058; no foreign key: a removed member's messages stay). Messages go with their registro (CASCADE).
 * - documentos.mensagemId: the message a file came with (the file stays a document of the registro).
 * - documentos: the origin of a document made from a mail attachment is unique per registro
 *   (origemEmailId, origemAnexoIndice, registroId), so two "Anexar ao registro" at once cannot both pass.
 *   Rows of uploads keep NULLs, which both databases let repeat. Duplicates already made keep their
 *   document but lose the mark (all but the first).
 * - cliente_notificacoes.mensagens: the client's choice of e-mail for the firm's answers (on by default).
 */
export class RegistroMensagens1766920000000 implements MigrationInterface {
  name = 'RegistroMensagens1766920000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'registro_mensagens',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'registroId', type: 'varchar', length: '36' },
          { name: 'lado', type: 'varchar', length: '10' },
          { name: 'autorNome', type: 'varchar', length: '200' },
          { name: 'autorUsuarioId', type: 'varchar', length: '36', isNullable: true },
          { name: 'autorClienteId', type: 'varchar', length: '36', isNullable: true },
          { name: 'autorMembroId', type: 'varchar', length: '36', isNullable: true },
          { name: 'texto', type: 'text' },
          { name: 'lidaEm', type: 'datetime', isNullable: true },
          { name: 'createdAt', type: 'datetime' },
          { name: 'updatedAt', type: 'datetime' },
        ],
        foreignKeys: [{ columnNames: ['registroId'], referencedTableName: 'registros', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
        indices: [
          new TableIndex({ name: 'ix_registro_mensagens_registro', columnNames: ['registroId', 'createdAt', 'id'] }),
          new TableIndex({ name: 'ix_registro_mensagens_lida', columnNames: ['registroId', 'lado', 'lidaEm'] }),
        ],
      }),
    );
    await q.query('ALTER TABLE documentos ADD COLUMN mensagemId varchar(36) NULL');
    await q.query('CREATE INDEX ix_documentos_mensagem ON documentos (mensagemId)');
    await q.addColumn('cliente_notificacoes', new TableColumn({ name: 'mensagens', type: 'boolean', default: true }));

    const repetidos: { id: string }[] = await q.query(
      'SELECT d.id AS id FROM documentos d WHERE d.origemEmailId IS NOT NULL AND d.origemAnexoIndice IS NOT NULL AND EXISTS (' +
        'SELECT 1 FROM documentos p WHERE p.origemEmailId = d.origemEmailId AND p.origemAnexoIndice = d.origemAnexoIndice ' +
        'AND p.registroId = d.registroId AND (p.createdAt < d.createdAt OR (p.createdAt = d.createdAt AND p.id < d.id)))',
    );
    for (const r of repetidos) await q.query('UPDATE documentos SET origemAnexoIndice = NULL WHERE id = ?', [r.id]);
    await this.dropIndex(q, 'ix_documentos_origem_email');
    await q.query('CREATE UNIQUE INDEX uq_documentos_origem_email ON documentos (origemEmailId, origemAnexoIndice, registroId)');
  }

  async down(q: QueryRunner): Promise<void> {
    await this.dropIndex(q, 'uq_documentos_origem_email');
    await q.query('CREATE INDEX ix_documentos_origem_email ON documentos (origemEmailId, origemAnexoIndice)');
    await this.dropIndex(q, 'ix_documentos_mensagem');
    await q.query('ALTER TABLE documentos DROP COLUMN mensagemId');
    await q.dropColumn('cliente_notificacoes', 'mensagens');
    await q.dropTable('registro_mensagens');
  }

  private async dropIndex(q: QueryRunner, name: string): Promise<void> {
    await q.query(q.connection.driver.options.type === 'mysql' ? `DROP INDEX ${name} ON documentos` : `DROP INDEX ${name}`);
  }
}
