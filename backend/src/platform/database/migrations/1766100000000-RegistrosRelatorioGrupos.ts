import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Relatórios "Registros por Serviço" and "Registros por Junta" on SQLite (issue 14): each service's (or
 * Junta's) registros of a status opened in the period are one range of (tipo | juntaUf, status,
 * createdAt), counted where it lies instead of grouping every registro of the period (172 → 11 ms at
 * 200,000 registros); the same indexes give the groups by a loose scan (RelatoriosService.valores).
 *
 * Partial ("WHERE createdAt IS NOT NULL", true of every row): SQLite only takes such an index for a
 * query whose WHERE implies it — the reports' period does, the lists' filters do not. As plain indexes,
 * the planner (which has no statistics here) took them for the lists by Junta and by status and sorted
 * every match ("USE TEMP B-TREE FOR ORDER BY") instead of walking (juntaUf, createdAt) or (status,
 * createdAt) in order. MySQL/MariaDB have no partial indexes: there the reports keep their grouped query.
 */
export class RegistrosRelatorioGrupos1766100000000 implements MigrationInterface {
  name = 'RegistrosRelatorioGrupos1766100000000';

  async up(q: QueryRunner): Promise<void> {
    if (q.connection.options.type === 'mysql') return;
    await q.query('CREATE INDEX ix_registros_tipo_status_criado ON registros (tipo, status, createdAt) WHERE createdAt IS NOT NULL');
    await q.query('CREATE INDEX ix_registros_junta_status_criado ON registros (juntaUf, status, createdAt) WHERE createdAt IS NOT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    if (q.connection.options.type === 'mysql') return;
    await q.query('DROP INDEX ix_registros_junta_status_criado');
    await q.query('DROP INDEX ix_registros_tipo_status_criado');
  }
}
