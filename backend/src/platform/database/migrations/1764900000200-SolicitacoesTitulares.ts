import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { BASE_COLUMNS } from '../entity-base';

/** Issue 16: the clients' LGPD requests (copy of the data, correction, erasure) and their answers. */
export class SolicitacoesTitulares1764900000200 implements MigrationInterface {
  name = 'SolicitacoesTitulares1764900000200';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'solicitacoes_titulares',
        columns: [
          ...BASE_COLUMNS,
          { name: 'clienteId', type: 'varchar', length: '36' },
          { name: 'tipo', type: 'varchar', length: '20' },
          { name: 'status', type: 'varchar', length: '20' },
          { name: 'motivo', type: 'text', isNullable: true },
          { name: 'dados', type: 'text', isNullable: true },
          { name: 'resposta', type: 'text', isNullable: true },
          { name: 'respondidaEm', type: 'datetime', isNullable: true },
          { name: 'respondidaPorId', type: 'varchar', length: '36', isNullable: true },
          { name: 'respondidaPorNome', type: 'varchar', length: '160', isNullable: true },
          { name: 'respostaEnviadaEm', type: 'datetime', isNullable: true },
          { name: 'arquivoKey', type: 'varchar', length: '200', isNullable: true },
          { name: 'tamanho', type: 'int', isNullable: true },
          { name: 'expiraEm', type: 'datetime', isNullable: true },
          { name: 'erro', type: 'varchar', length: '300', isNullable: true },
        ],
        indices: [
          { name: 'ix_solicitacoes_titulares_lista', columnNames: ['status', 'createdAt'] },
          { name: 'ix_solicitacoes_titulares_cliente', columnNames: ['clienteId', 'createdAt'] },
        ],
        // As registros and documentos: no cascade (a rebuild of `clientes` on SQLite must not empty this table); a
        // client deleted for good takes its requests along through ClienteDependentsRegistry (TitularesService).
        foreignKeys: [
          { name: 'fk_solicitacoes_titulares_clienteId', columnNames: ['clienteId'], referencedTableName: 'clientes', referencedColumnNames: ['id'], onDelete: 'NO ACTION' },
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('solicitacoes_titulares');
  }
}
