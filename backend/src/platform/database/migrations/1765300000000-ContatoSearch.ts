import { MigrationInterface, QueryRunner } from 'typeorm';
import { dropTrigramIndex, rebuildTrigramIndex, TrigramIndex } from '../../read-side';

/** SQLite: the FTS5 trigram index over `contato_mensagens.busca` (contentless: the text is in the row). */
const CONTATO_FTS: TrigramIndex = { fts: 'contato_fts', table: 'contato_mensagens', column: 'busca', contentless: true };

/**
 * The contact messages' search from an index (issue 14), as the mailbox's: on SQLite the trigram
 * index gives the candidate rows, written by triggers in the row's own transaction (the form, the
 * status changes, the retention job's deletes, an LGPD anonymisation). MySQL/MariaDB: the search
 * stays a LIKE over the status index's order (docs/adr/0027-search-from-an-index.md; the sitting:
 * bench/results/issue-14-search.md, "Contact messages searched from an index").
 */
export class ContatoSearch1765300000000 implements MigrationInterface {
  name = 'ContatoSearch1765300000000';

  async up(q: QueryRunner): Promise<void> {
    if (q.connection.options.type === 'better-sqlite3') await rebuildTrigramIndex(q, CONTATO_FTS);
  }

  async down(q: QueryRunner): Promise<void> {
    if (q.connection.options.type === 'better-sqlite3') await dropTrigramIndex(q, CONTATO_FTS);
  }
}
