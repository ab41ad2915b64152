import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/** The prev_hash of the very first entry (auditoria's GENESIS_HASH when this migration was written). */
const GENESIS_HASH = '0'.repeat(64);

/**
 * The audit trail (issue 16): entries chained by SHA-256 and the one-row head that serialises the
 * appends (its lock) and remembers the last seq and hash (a truncated tail is detected).
 */
export class Auditoria1764900000000 implements MigrationInterface {
  name = 'Auditoria1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'auditoria',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'seq', type: 'int' },
          { name: 'em', type: 'datetime' },
          { name: 'atorTipo', type: 'varchar', length: '10' },
          { name: 'atorId', type: 'varchar', length: '36', isNullable: true },
          { name: 'atorEmail', type: 'varchar', length: '254', isNullable: true },
          { name: 'atorNome', type: 'varchar', length: '200', isNullable: true },
          { name: 'ip', type: 'varchar', length: '64', isNullable: true },
          { name: 'requestId', type: 'varchar', length: '64', isNullable: true },
          { name: 'acao', type: 'varchar', length: '60' },
          { name: 'entidade', type: 'varchar', length: '60' },
          { name: 'entidadeId', type: 'varchar', length: '64', isNullable: true },
          { name: 'diff', type: 'text', isNullable: true },
          { name: 'prevHash', type: 'varchar', length: '64' },
          { name: 'hash', type: 'varchar', length: '64' },
        ],
        indices: [
          { name: 'uq_auditoria_seq', columnNames: ['seq'], isUnique: true },
          { name: 'ix_auditoria_em', columnNames: ['em'] },
          { name: 'ix_auditoria_ator', columnNames: ['atorId', 'em'] },
          { name: 'ix_auditoria_entidade', columnNames: ['entidade', 'entidadeId', 'em'] },
          { name: 'ix_auditoria_acao', columnNames: ['acao', 'em'] },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'auditoria_cadeia',
        columns: [
          { name: 'id', type: 'int', isPrimary: true },
          { name: 'seq', type: 'int' },
          { name: 'hash', type: 'varchar', length: '64' },
        ],
      }),
    );
    await q.query('INSERT INTO auditoria_cadeia (id, seq, hash) VALUES (1, 0, ?)', [GENESIS_HASH]);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('auditoria_cadeia');
    await q.dropTable('auditoria');
  }
}
