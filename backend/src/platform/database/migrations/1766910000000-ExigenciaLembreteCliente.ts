import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * Issue 53: an open exigência due soon reminds the client once per deadline. `clienteAvisadoPrazo`
 * holds the deadline the client was last reminded of (a moved deadline reminds again).
 */
export class ExigenciaLembreteCliente1766910000000 implements MigrationInterface {
  name = 'ExigenciaLembreteCliente1766910000000';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumn('registro_exigencias', new TableColumn({ name: 'clienteAvisadoPrazo', type: 'varchar', length: '10', isNullable: true }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('registro_exigencias', 'clienteAvisadoPrazo');
  }
}
