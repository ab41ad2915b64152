import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/** When the password last changed: tokens issued before it stop working (see JwtStrategy). */
export class PasswordChangedAt1764200000000 implements MigrationInterface {
  name = 'PasswordChangedAt1764200000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['users', 'clientes']) {
      await q.addColumn(table, new TableColumn({ name: 'passwordChangedAt', type: 'datetime', isNullable: true }));
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['users', 'clientes']) await q.dropColumn(table, 'passwordChangedAt');
  }
}
