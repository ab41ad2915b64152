import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * Issue 57, the first ask of a page: the clients of one type and the registros of one service, newest first
 * (the screens' default order), had no index in that order — (tipoClienteId) alone and (servico, status,
 * createdAt, id) — so each page gathered every match and sorted it (37.6 and 6.6 ms of server CPU per answer
 * at 100,000 clients and 200,000 registros). An index whose columns after the filter are the list's order
 * (createdAt, then id) gives a page by walking it.
 */
export class ListasPorTipoEServico1766960000000 implements MigrationInterface {
  name = 'ListasPorTipoEServico1766960000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createIndex('clientes', new TableIndex({ name: 'ix_clientes_tipo_created', columnNames: ['tipoClienteId', 'createdAt', 'id'] }));
    await q.createIndex('registros', new TableIndex({ name: 'ix_registros_servico_created', columnNames: ['servico', 'createdAt', 'id'] }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropIndex('registros', 'ix_registros_servico_created');
    await q.dropIndex('clientes', 'ix_clientes_tipo_created');
  }
}
