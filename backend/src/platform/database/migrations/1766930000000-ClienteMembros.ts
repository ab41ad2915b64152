import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';

/**
 * Members per client company (issue 54, ADR 0058). `cliente_membros` holds every client login; each
 * company's existing login (e-mail, password hash, its change instant and sessions' version) becomes its
 * Responsável, with the company's id as the member's (one INSERT … SELECT on both dialects) and the
 * responsible person's name (else the razão social). `clientes.email` stays as the company's contact;
 * its password hash is emptied (the column is kept, no longer read). A member goes with its company
 * (ON DELETE CASCADE).
 */
export class ClienteMembros1766930000000 implements MigrationInterface {
  name = 'ClienteMembros1766930000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'cliente_membros',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'clienteId', type: 'varchar', length: '36' },
          { name: 'nome', type: 'varchar', length: '200' },
          { name: 'email', type: 'varchar', length: '254' },
          { name: 'cpf', type: 'varchar', length: '11', isNullable: true },
          { name: 'papel', type: 'varchar', length: '12' },
          { name: 'capacidades', type: 'varchar', length: '200', isNullable: true },
          { name: 'status', type: 'varchar', length: '10', default: "'ativo'" },
          { name: 'passwordHash', type: 'varchar', length: '255', isNullable: true },
          { name: 'passwordChangedAt', type: 'datetime', isNullable: true },
          { name: 'tokenVersion', type: 'int', default: 0 },
          { name: 'conviteHash', type: 'varchar', length: '64', isNullable: true },
          { name: 'conviteExpiraEm', type: 'datetime', isNullable: true },
          { name: 'convidadoPor', type: 'varchar', length: '200', isNullable: true },
          { name: 'createdAt', type: 'datetime' },
          { name: 'updatedAt', type: 'datetime' },
        ],
        foreignKeys: [new TableForeignKey({ columnNames: ['clienteId'], referencedTableName: 'clientes', referencedColumnNames: ['id'], onDelete: 'CASCADE' })],
        indices: [
          new TableIndex({ name: 'ix_cliente_membros_cliente', columnNames: ['clienteId', 'createdAt'] }),
          new TableIndex({ name: 'uq_cliente_membros_email', columnNames: ['email'], isUnique: true }),
          new TableIndex({ name: 'uq_cliente_membros_convite', columnNames: ['conviteHash'], isUnique: true }),
        ],
      }),
    );
    await q.query(
      `INSERT INTO cliente_membros (id, clienteId, nome, email, cpf, papel, capacidades, status, passwordHash, passwordChangedAt, tokenVersion, createdAt, updatedAt)
       SELECT id, id, COALESCE(nomeCompletoResponsavel, razaoSocial), email, cpf, 'responsavel', NULL, 'ativo', passwordHash, passwordChangedAt, tokenVersion, createdAt, updatedAt
       FROM clientes`,
    );
    await q.query(`UPDATE clientes SET passwordHash = ''`);
  }

  async down(q: QueryRunner): Promise<void> {
    // The Responsável whose id is its company's (the migrated login) gives the login back.
    await q.query(
      `UPDATE clientes SET passwordHash = COALESCE((SELECT m.passwordHash FROM cliente_membros m WHERE m.id = clientes.id), '')`,
    );
    await q.dropTable('cliente_membros');
  }
}
