import { MigrationInterface, QueryRunner } from 'typeorm';
import { CLIENTES_SUFIXOS, CONTATO_SUFIXOS, createSufixosIndex, DOCUMENTOS_SUFIXOS } from '../../read-side';

const INDEXES = [CLIENTES_SUFIXOS, DOCUMENTOS_SUFIXOS, CONTATO_SUFIXOS];

/**
 * Clients, documents and contact messages searched from an index on MySQL/MariaDB too (issue 14):
 * a side table per table (`<x>_sufixos`: the suffixes of the words of its folded `busca`, FULLTEXT,
 * sufixos-index.ts), filled here for the stored rows. SQLite has its FTS5 trigram tables (migrations
 * ClientesFts, ContatoSearch, DocumentosBusca): nothing to do there.
 */
export class SufixosIndex1765600000000 implements MigrationInterface {
  name = 'SufixosIndex1765600000000';

  async up(q: QueryRunner): Promise<void> {
    if (q.connection.options.type === 'better-sqlite3') return;
    for (const ix of INDEXES) await createSufixosIndex(q, ix);
  }

  async down(q: QueryRunner): Promise<void> {
    if (q.connection.options.type === 'better-sqlite3') return;
    for (const ix of INDEXES) await q.query(`DROP TABLE ${ix.side}`);
  }
}
