import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';

/*
 * backend/src's layout (issue 50; docs/ARCHITECTURE.md, "Layout"): platform/ below the features below the
 * composition root; no cycle between folders; a folder entered through its index.ts only; no source file over
 * 400 lines. ESLint (eslint.config.mjs) says the same about the imports while one types.
 */

interface CrossImport {
  from: string;
  to: string;
  a: string;
  b: string;
}
interface Graph {
  mutualPairs: string[][];
  cycles: string[][];
  upward: CrossImport[];
  internals: CrossImport[];
}

const { importGraph } = require('../../scripts/import-graph.cjs') as { importGraph(root: string, options: { layered: boolean }): Graph };

const SRC = __dirname;
const MAX_LINES = 400;

/**
 * Imports of another folder's internals that stay, each with its reason. Registros and relatórios still reach
 * pieces of the read side (ReadPool, DataVersions…) until they use its facade; platform/read-side/boundary.spec.ts
 * keeps the same list and fails once one of them no longer needs to be on it.
 */
const INTERNALS_ALLOWED: { from: string; to: string; reason: string }[] = [];

/** Files allowed past MAX_LINES, each with its reason (none today). Migrations are history and aside. */
const LONG_FILES_ALLOWED: Record<string, string> = {};

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (entry.name.endsWith('.ts')) out.push(full);
  }
  return out;
}

const allowed = (i: CrossImport) => INTERNALS_ALLOWED.some((x) => x.from === i.a && x.to === i.b);

function violations(root: string) {
  const g = importGraph(root, { layered: true });
  return {
    mutualPairs: g.mutualPairs.map((p) => p.join(' ↔ ')),
    cycles: g.cycles.map((c) => c.join(' → ')),
    upward: g.upward.map((i) => `${i.from} → ${i.to}`),
    internals: g.internals.filter((i) => !allowed(i)).map((i) => `${i.from} → ${i.to}`),
  };
}

function longFiles(root: string): string[] {
  return sourceFiles(root)
    .map((file) => relative(root, file))
    .filter((file) => !file.startsWith(join('platform', 'database', 'migrations') + '/') || file.includes('/seeds/'))
    .filter((file) => !(file in LONG_FILES_ALLOWED))
    .filter((file) => readFileSync(join(root, file), 'utf8').split('\n').length > MAX_LINES)
    .sort();
}

describe("backend/src's layout", () => {
  const today = violations(SRC);

  it('has no pair of folders importing each other and no cycle between folders', () => {
    expect(today.mutualPairs).toEqual([]);
    expect(today.cycles).toEqual([]);
  });

  it('has no import running up the layers (platform < features < composition root)', () => {
    expect(today.upward).toEqual([]);
  });

  it("has no import of another folder's internals but the listed ones", () => {
    expect(today.internals).toEqual([]);
  });

  it('still needs every listed exception (a folder that no longer needs one is taken off the list)', () => {
    const used = importGraph(SRC, { layered: true }).internals.filter(allowed);
    expect(INTERNALS_ALLOWED.filter((x) => !used.some((i) => i.a === x.from && i.b === x.to)).map((x) => x.from)).toEqual([]);
  });

  it(`has no source file over ${MAX_LINES} lines (migrations aside)`, () => {
    expect(longFiles(SRC)).toEqual([]);
  });

  it('sees each kind of fault in a tree made to have them', () => {
    const root = mkdtempSync(join(tmpdir(), 'architecture-'));
    const files: Record<string, string> = {
      'platform/http/index.ts': "export { h } from './h';",
      'platform/http/h.ts': "import { r } from '../../registros';\nexport const h = r;",
      'registros/index.ts': "export { r } from './r';",
      'registros/r.ts': "import { c } from '../clientes/c';\nexport const r = c;",
      'clientes/index.ts': "export { c } from './c';",
      'clientes/c.ts': `import { r } from '../registros';\nexport const c = r;\n${'// linha\n'.repeat(MAX_LINES)}`,
      'platform/database/migrations/1-Longa.ts': '// linha\n'.repeat(MAX_LINES + 1),
    };
    try {
      for (const [file, text] of Object.entries(files)) {
        mkdirSync(dirname(join(root, file)), { recursive: true });
        writeFileSync(join(root, file), text);
      }
      const v = violations(root);
      expect(v.mutualPairs).toEqual(['clientes ↔ registros']);
      expect(v.cycles).toEqual(['clientes → registros']);
      expect(v.upward).toEqual([`${join('platform', 'http', 'h.ts')} → ${join('registros', 'index.ts')}`]);
      expect(v.internals).toEqual([`${join('registros', 'r.ts')} → ${join('clientes', 'c.ts')}`]);
      expect(longFiles(root)).toEqual([join('clientes', 'c.ts')]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
