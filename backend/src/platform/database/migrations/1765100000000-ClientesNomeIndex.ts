import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * The clients list sorted by name (razão social), searched or not (issue 14): with an index in that
 * order the page's ids are read walking it and stop at the page's end, instead of reading and
 * sorting every match. SQLite: covering, like ix_clientes_lista (status and `busca` in the index,
 * so the search's LIKE never reads the table). MySQL/InnoDB: name and id only — with `busca`
 * (2,800 bytes in utf8mb4) the key would pass InnoDB's 3,072-byte limit; the search reads each
 * visited row by its primary key (covering there too since ClientesNomeCobertura1765700000000).
 */
export class ClientesNomeIndex1765100000000 implements MigrationInterface {
  name = 'ClientesNomeIndex1765100000000';

  async up(q: QueryRunner): Promise<void> {
    const sqlite = q.connection.options.type === 'better-sqlite3';
    await q.createIndex('clientes', new TableIndex({ name: 'ix_clientes_nome', columnNames: sqlite ? ['razaoSocial', 'id', 'status', 'busca'] : ['razaoSocial', 'id'] }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropIndex('clientes', 'ix_clientes_nome');
  }
}
