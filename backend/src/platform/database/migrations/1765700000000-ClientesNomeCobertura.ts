import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * MySQL/MariaDB: ix_clientes_nome covering too, as on SQLite — (razaoSocial, id, status, busca). A
 * common term sorted by name ("são joão", 10,000 of 100,000 clients) walked the name index and
 * read each visited row by its primary key to test its `busca` (16 ms a page); from the index alone,
 * 2 ms. The key fits InnoDB's 3,072 bytes since `busca` is ASCII (migration ClientesBuscaAscii: 702
 * bytes; ~1,700 in all), which ClientesNomeIndex1765100000000's note had not counted.
 */
export class ClientesNomeCobertura1765700000000 implements MigrationInterface {
  name = 'ClientesNomeCobertura1765700000000';

  async up(q: QueryRunner): Promise<void> {
    if (q.connection.options.type === 'better-sqlite3') return;
    await q.dropIndex('clientes', 'ix_clientes_nome');
    await q.createIndex('clientes', new TableIndex({ name: 'ix_clientes_nome', columnNames: ['razaoSocial', 'id', 'status', 'busca'] }));
  }

  async down(q: QueryRunner): Promise<void> {
    if (q.connection.options.type === 'better-sqlite3') return;
    await q.dropIndex('clientes', 'ix_clientes_nome');
    await q.createIndex('clientes', new TableIndex({ name: 'ix_clientes_nome', columnNames: ['razaoSocial', 'id'] }));
  }
}
