import { MigrationInterface, QueryRunner } from 'typeorm';
import { normalizeSearch } from '@veritas/common';
import { dropTrigramIndex, rebuildTrigramIndex, TrigramIndex } from '../../read-side';

/** documentos.busca as written when this migration was (documentos/documento-busca.ts), frozen here. */
function documentoBusca(titulo: string, nomeArquivo: string): string {
  return normalizeSearch(`${titulo} ${nomeArquivo}`).slice(0, 460);
}

/** SQLite: the FTS5 trigram index over `documentos.busca` (contentless: the text is in the row). */
const DOCUMENTOS_FTS: TrigramIndex = { fts: 'documentos_fts', table: 'documentos', column: 'busca', contentless: true };

const BATCH = 500;

/**
 * Documents searched from an index (issue 14): `busca`, the title and file name without accents or
 * case (documentoBusca, written with the row), filled here for the documents already stored; on
 * SQLite the trigram index over it, kept by triggers. MySQL/MariaDB: the column, searched by LIKE.
 * ALTER TABLE … ADD COLUMN on both (TypeORM's addColumn rebuilds an SQLite table).
 */
export class DocumentosBusca1765500000000 implements MigrationInterface {
  name = 'DocumentosBusca1765500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query("ALTER TABLE documentos ADD COLUMN busca varchar(460) NOT NULL DEFAULT ''");
    for (let after = ''; ; ) {
      const rows: { id: string; titulo: string; nomeArquivo: string }[] = await q.query(
        `SELECT id, titulo, nomeArquivo FROM documentos WHERE id > ? ORDER BY id LIMIT ${BATCH}`,
        [after],
      );
      if (!rows.length) break;
      for (const r of rows) await q.query('UPDATE documentos SET busca = ? WHERE id = ?', [documentoBusca(r.titulo, r.nomeArquivo), r.id]);
      after = rows[rows.length - 1].id;
    }
    if (q.connection.options.type === 'better-sqlite3') await rebuildTrigramIndex(q, DOCUMENTOS_FTS);
  }

  async down(q: QueryRunner): Promise<void> {
    if (q.connection.options.type === 'better-sqlite3') await dropTrigramIndex(q, DOCUMENTOS_FTS);
    await q.query('ALTER TABLE documentos DROP COLUMN busca');
  }
}
