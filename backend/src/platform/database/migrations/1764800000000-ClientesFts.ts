import { MigrationInterface, QueryRunner } from 'typeorm';
import { dropTrigramIndex, rebuildTrigramIndex, TrigramIndex } from '../../read-side';

/** SQLite: the FTS5 trigram table over `clientes.busca` (rowid = the client's rowid). */
const CLIENTES_FTS: TrigramIndex = { fts: 'clientes_fts', table: 'clientes', column: 'busca' };

/**
 * Client search from an index. SQLite: FTS5 trigram (substrings of 3+ characters). MySQL/MariaDB:
 * nothing to create (LIKE over the covering index ix_clientes_lista and the unique index on the
 * clean CNPJ; docs/adr/0027-search-from-an-index.md says why, and what MySQL/MariaDB got later).
 */
export class ClientesFts1764800000000 implements MigrationInterface {
  name = 'ClientesFts1764800000000';

  async up(q: QueryRunner): Promise<void> {
    if (q.connection.options.type === 'better-sqlite3') await rebuildTrigramIndex(q, CLIENTES_FTS);
  }

  async down(q: QueryRunner): Promise<void> {
    if (q.connection.options.type === 'better-sqlite3') await dropTrigramIndex(q, CLIENTES_FTS);
  }
}
