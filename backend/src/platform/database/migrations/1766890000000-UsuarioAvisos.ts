import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';

/**
 * The panel's bell (issue 53, ADR 0053): each staff member's own notices, read newest first and counted
 * unread by (userId, lidoEm, createdAt); `chave` makes a once-only notice (a deadline drawing near) unique per user.
 * A notice goes with its user (ON DELETE CASCADE).
 */
export class UsuarioAvisos1766890000000 implements MigrationInterface {
  name = 'UsuarioAvisos1766890000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'usuario_avisos',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'userId', type: 'varchar', length: '36' },
          { name: 'tipo', type: 'varchar', length: '40' },
          { name: 'titulo', type: 'varchar', length: '200' },
          { name: 'link', type: 'varchar', length: '300' },
          { name: 'lidoEm', type: 'datetime', isNullable: true },
          { name: 'chave', type: 'varchar', length: '120', isNullable: true },
          { name: 'createdAt', type: 'datetime' },
          { name: 'updatedAt', type: 'datetime' },
        ],
        foreignKeys: [new TableForeignKey({ columnNames: ['userId'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' })],
        indices: [
          new TableIndex({ name: 'ix_usuario_avisos_user', columnNames: ['userId', 'lidoEm', 'createdAt'] }),
          // A notice given once per thing and person (a deadline drawing near): its key, unique per user.
          new TableIndex({ name: 'uq_usuario_avisos_chave', columnNames: ['userId', 'chave'], isUnique: true }),
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('usuario_avisos');
  }
}
