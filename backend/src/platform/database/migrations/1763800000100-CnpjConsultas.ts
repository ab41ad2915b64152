import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { BASE_COLUMNS } from '../entity-base';

/** The CNPJ lookup cache: the provider's last answer per CNPJ and when it was fetched. */
export class CnpjConsultas1763800000100 implements MigrationInterface {
  name = 'CnpjConsultas1763800000100';

  async up(q: QueryRunner): Promise<void> {
    // An office with many partners and activities can pass TEXT's 64 KB on MySQL.
    const big = q.connection.driver.options.type === 'mysql' ? 'mediumtext' : 'text';
    await q.createTable(
      new Table({
        name: 'cnpj_consultas',
        columns: [
          ...BASE_COLUMNS,
          { name: 'cnpj', type: 'varchar', length: '14' },
          { name: 'payload', type: big },
          { name: 'fetchedAt', type: 'datetime' },
        ],
        indices: [{ name: 'uq_cnpj_consultas_cnpj', columnNames: ['cnpj'], isUnique: true }],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('cnpj_consultas');
  }
}
