import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { BASE_COLUMNS } from '../entity-base';

/**
 * Staff recover their own passwords (issue 53, ADR 0048): one recovery e-mail per staff user,
 * outside the firm's domain, that counts only once confirmed by a link. Only the SHA-256 of the
 * pending link's token is kept. The row goes with its user (ON DELETE CASCADE).
 */
export class EmailRecuperacao1766860000000 implements MigrationInterface {
  name = 'EmailRecuperacao1766860000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'email_recuperacao',
        columns: [
          ...BASE_COLUMNS,
          { name: 'userId', type: 'varchar', length: '36' },
          { name: 'email', type: 'varchar', length: '254' },
          { name: 'verificadoEm', type: 'datetime', isNullable: true },
          { name: 'tokenHash', type: 'varchar', length: '64', isNullable: true },
          { name: 'tokenExpiraEm', type: 'datetime', isNullable: true },
        ],
        foreignKeys: [{ columnNames: ['userId'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
        indices: [
          { name: 'uq_email_recuperacao_user', columnNames: ['userId'], isUnique: true },
          { name: 'ix_email_recuperacao_token', columnNames: ['tokenHash'] },
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('email_recuperacao');
  }
}
