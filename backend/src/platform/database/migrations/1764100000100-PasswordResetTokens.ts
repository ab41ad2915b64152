import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { BASE_COLUMNS } from '../entity-base';

/** Password-recovery links, stored hashed (issue 5). */
export class PasswordResetTokens1764100000100 implements MigrationInterface {
  name = 'PasswordResetTokens1764100000100';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'password_reset_tokens',
        columns: [
          ...BASE_COLUMNS,
          { name: 'tokenHash', type: 'varchar', length: '64' },
          { name: 'accountType', type: 'varchar', length: '10' },
          { name: 'accountId', type: 'varchar', length: '36' },
          { name: 'expiresAt', type: 'datetime' },
          { name: 'usedAt', type: 'datetime', isNullable: true },
        ],
        indices: [
          { name: 'uq_password_reset_hash', columnNames: ['tokenHash'], isUnique: true },
          { name: 'ix_password_reset_account', columnNames: ['accountType', 'accountId'] },
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('password_reset_tokens');
  }
}
