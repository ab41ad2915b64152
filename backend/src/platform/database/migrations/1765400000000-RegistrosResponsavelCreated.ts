import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * An associado's registros list (its own and the unassigned, newest first; issue 14): each of the
 * two sets is read in order from this index and the page merged from them, instead of gathering
 * both whole and sorting (ix_registros_responsavel has the status between the person and the date).
 */
export class RegistrosResponsavelCreated1765400000000 implements MigrationInterface {
  name = 'RegistrosResponsavelCreated1765400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createIndex('registros', new TableIndex({ name: 'ix_registros_responsavel_created', columnNames: ['responsavelId', 'createdAt', 'id'] }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropIndex('registros', 'ix_registros_responsavel_created');
  }
}
