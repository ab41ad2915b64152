import { MigrationInterface, QueryRunner } from 'typeorm';

/** protocoloChave as it was when this ran (frozen here: packages/common's may change later). */
const chave = (p: string) => p.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 100) || null;

/**
 * Issue 56, second pass (ADR 0056):
 * - registro_etapas.protocoloChave: a stage's protocol (the Junta's) by its letters and digits, upper case,
 *   indexed, so that mail naming it is filed under the registro at ingest with one index lookup per number.
 *   Filled here for the protocols already written.
 * - documentos.origemAnexoIndice: which attachment of origemEmailId a document came from, indexed with it,
 *   so that the same attachment does not become a second document of the same registro.
 * Nullable columns added with plain SQL (SQLite: the schema only; MariaDB: instant).
 */
export class EmailBuscaVinculos1766903000000 implements MigrationInterface {
  name = 'EmailBuscaVinculos1766903000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE registro_etapas ADD COLUMN protocoloChave varchar(100) NULL');
    await q.query('CREATE INDEX ix_registro_etapas_protocolo ON registro_etapas (protocoloChave)');
    const rows: { id: string; protocolo: string }[] = await q.query('SELECT id, protocolo FROM registro_etapas WHERE protocolo IS NOT NULL');
    for (const r of rows) await q.query('UPDATE registro_etapas SET protocoloChave = ? WHERE id = ?', [chave(r.protocolo), r.id]);
    await q.query('ALTER TABLE documentos ADD COLUMN origemAnexoIndice int NULL');
    await q.query('CREATE INDEX ix_documentos_origem_email ON documentos (origemEmailId, origemAnexoIndice)');
  }

  async down(q: QueryRunner): Promise<void> {
    const mysql = q.connection.driver.options.type === 'mysql';
    await q.query(mysql ? 'DROP INDEX ix_documentos_origem_email ON documentos' : 'DROP INDEX ix_documentos_origem_email');
    await q.query('ALTER TABLE documentos DROP COLUMN origemAnexoIndice');
    await q.query(mysql ? 'DROP INDEX ix_registro_etapas_protocolo ON registro_etapas' : 'DROP INDEX ix_registro_etapas_protocolo');
    await q.query('ALTER TABLE registro_etapas DROP COLUMN protocoloChave');
  }
}
