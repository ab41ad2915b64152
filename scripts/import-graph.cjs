// The import graph of a source tree, folder by folder: how many imports cross folders, which pairs of
// folders import each other, the cycles between folders, and (for backend/src) the imports that run
// against the layers (platform below auth below the features below the composition root).
//   node scripts/import-graph.cjs backend/src        (or admin/src, client-portal/src)
//   node scripts/import-graph.cjs backend/src --json
// Tests use `importGraph()` to keep the tree free of cycles, upward imports and imports of another folder's
// internals (backend/src/architecture.spec.ts).
const fs = require('node:fs');
const path = require('node:path');

const SOURCE = /\.(ts|tsx|mts)$/;
const TEST = /\.(spec|test|e2e-spec|ui-spec)\.(ts|tsx)$/;
const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'";]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|(?:^|[\s;(])import\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)|(?:^|[\s;])import\s*['"](\.{1,2}\/[^'"]+)['"]/gm;

function walk(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (SOURCE.test(entry.name) && !TEST.test(entry.name)) out.push(full);
  }
  return out;
}

function resolve(from, spec) {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The folder a file counts in: its first folder under the root (two levels under platform/), or "(raiz)". */
function unitOf(root, file) {
  const parts = path.relative(root, file).split(path.sep);
  if (parts.length === 1) return '(raiz)';
  if (parts[0] === 'platform' && parts.length > 2) return `platform/${parts[1]}`;
  return parts[0];
}

/** backend/src's layers, lowest first: the platform, the features (auth among them), the composition root. */
function layerOf(unit) {
  if (unit.startsWith('platform')) return 0;
  if (unit === '(raiz)') return 2;
  return 1;
}

/** Folders entered only through their index.ts from other folders: every feature and every platform folder. */
function sealed(unit) {
  return unit !== '(raiz)';
}

/** Strongly connected components of more than one node (Tarjan). */
function cycles(nodes, edges) {
  let index = 0;
  const stack = [];
  const on = new Set();
  const idx = new Map();
  const low = new Map();
  const out = [];
  const strong = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) out.push(comp.sort());
    }
  };
  for (const v of nodes) if (!idx.has(v)) strong(v);
  return out;
}

function importGraph(rootDir, { layered = false } = {}) {
  const root = path.resolve(rootDir);
  const files = walk(root);
  const edges = new Map();
  const imports = [];
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const target = resolve(file, m[1] ?? m[2] ?? m[3]);
      if (!target || !target.startsWith(root + path.sep)) continue;
      const a = unitOf(root, file);
      const b = unitOf(root, target);
      if (a === b) continue;
      imports.push({ from: path.relative(root, file), to: path.relative(root, target), a, b });
      if (!edges.has(a)) edges.set(a, new Set());
      edges.get(a).add(b);
    }
  }
  const units = [...new Set(files.map((f) => unitOf(root, f)))].sort();
  const pairs = [];
  for (const [a, targets] of edges) for (const b of targets) if (a < b && edges.get(b)?.has(a)) pairs.push([a, b]);
  const upward = layered ? imports.filter((i) => layerOf(i.a) < layerOf(i.b)) : [];
  // Another folder's internals: a sealed folder's file other than its index, imported from outside it
  // (the composition root included: it too imports the modules and entities from the folders' indexes).
  const internals = layered ? imports.filter((i) => sealed(i.b) && !/^index\.tsx?$/.test(path.relative(i.b, i.to))) : [];
  return { files: files.length, units, imports, folderEdges: [...edges.values()].reduce((n, s) => n + s.size, 0), mutualPairs: pairs, cycles: cycles(units, edges), upward, internals };
}

module.exports = { importGraph, unitOf, layerOf, sealed, cycles };

if (require.main === module) {
  const dir = process.argv[2] ?? 'backend/src';
  const g = importGraph(dir, { layered: /backend\/src\/?$/.test(dir) });
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ ...g, imports: g.imports.length }, null, 2));
  } else {
    console.log(`${dir}: ${g.files} arquivos em ${g.units.length} pastas; ${g.imports.length} importações entre pastas (${g.folderEdges} setas pasta→pasta)`);
    console.log(`pares de pastas que se importam mutuamente: ${g.mutualPairs.length}${g.mutualPairs.length ? '\n  ' + g.mutualPairs.map((p) => p.join(' ↔ ')).join('\n  ') : ''}`);
    console.log(`ciclos entre pastas: ${g.cycles.length}${g.cycles.length ? '\n  ' + g.cycles.map((c) => c.join(' → ')).join('\n  ') : ''}`);
    if (/backend\/src\/?$/.test(dir)) {
      console.log(`importações contra as camadas (platform < funcionalidades < raiz): ${g.upward.length}`);
      for (const i of g.upward.slice(0, 40)) console.log(`  ${i.from} → ${i.to}`);
      console.log(`importações do interior de outra pasta (não pelo seu index.ts): ${g.internals.length}`);
      if (process.argv.includes('--todas')) for (const i of g.internals) console.log(`  ${i.from} → ${i.to}`);
      else for (const i of g.internals.slice(0, 40)) console.log(`  ${i.from} → ${i.to}`);
    }
  }
}
