import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * Configurações → E-mail de saída (issue 53, ADR 0055): the relay the board sets in the panel, one
 * row; its password sealed with SETTINGS_SECRET (never in clear in the database).
 */
export class EmailSaida1766900000000 implements MigrationInterface {
  name = 'EmailSaida1766900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'email_saida',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'host', type: 'varchar', length: '253' },
          { name: 'porta', type: 'int' },
          { name: 'seguranca', type: 'varchar', length: '10' },
          { name: 'usuario', type: 'varchar', length: '255', isNullable: true },
          { name: 'senhaCifrada', type: 'varchar', length: '1200', isNullable: true },
          { name: 'senhaAlteradaEm', type: 'datetime', isNullable: true },
          { name: 'remetenteEmail', type: 'varchar', length: '254', isNullable: true },
          { name: 'remetenteNome', type: 'varchar', length: '120', isNullable: true },
          { name: 'createdAt', type: 'datetime' },
          { name: 'updatedAt', type: 'datetime' },
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('email_saida');
  }
}
