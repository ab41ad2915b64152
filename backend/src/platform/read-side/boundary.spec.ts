import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';

/*
 * The read side's boundary (issue 50): outside backend/src/platform/, code reaches the read side through its
 * index (`platform/read-side`), never through one of its files. Inside platform/ the pieces may be used.
 */

interface CrossImport {
  /** The importing file and the imported one, relative to backend/src. */
  from: string;
  to: string;
  /** Their folders (scripts/import-graph.cjs's unitOf: `platform/read-side`, `clientes`, `(raiz)`…). */
  a: string;
  b: string;
}

// backend/src's imports between folders, as scripts/import-graph.cjs reads them. (Its `internals` leave the
// composition root free to reach inside a folder; here app.module, bootstrap and data-source are held too.)
const { importGraph } = require('../../../../scripts/import-graph.cjs') as {
  importGraph(root: string): { imports: CrossImport[] };
};

const SRC = resolve(__dirname, '../..');

/** The imports of a read-side file other than its index from a folder outside platform/ of `root`. */
function piecesOutsidePlatform(root = SRC): CrossImport[] {
  return importGraph(root).imports.filter((i) => i.b === 'platform/read-side' && !i.a.startsWith('platform') && basename(i.to) !== 'index.ts');
}

describe('the read side is reached through its index', () => {
  it('no file outside platform/ imports a piece of the read side', () => {
    expect(piecesOutsidePlatform().map((i) => `${i.from} → ${i.to}`)).toEqual([]);
  });

  it('sees a piece imported from outside platform/, and neither the index nor an import inside platform/', () => {
    const root = mkdtempSync(join(tmpdir(), 'read-side-boundary-'));
    const files: Record<string, string> = {
      'platform/read-side/index.ts': "export { ReadPool } from './read-pool';",
      'platform/read-side/read-pool.ts': 'export class ReadPool {}',
      'platform/database/insert-rows.ts': "import { ReadPool } from '../read-side/read-pool';",
      'clientes/pelo-index.ts': "import { ReadPool } from '../platform/read-side';",
      'clientes/por-dentro.ts': "import type { ReadPool } from '../platform/read-side/read-pool';",
      'app.module.ts': "export { ReadPool } from './platform/read-side/read-pool';",
    };
    try {
      for (const [file, text] of Object.entries(files)) {
        mkdirSync(dirname(join(root, file)), { recursive: true });
        writeFileSync(join(root, file), text);
      }
      expect(piecesOutsidePlatform(root).map((i) => i.from).sort()).toEqual(['app.module.ts', join('clientes', 'por-dentro.ts')]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
