#!/usr/bin/env node
/**
 * The staff panel's first-load JavaScript: what a browser must download before the first screen
 * can run, i.e. the entry script of admin/dist/index.html and every chunk it imports statically
 * (the modulepreload set), in KB raw and gzip. Lazy chunks (pages, the dashboard chart, the CNPJ
 * tabs, the mailbox) are listed apart with their sizes; the baseline is the same build's total.
 *
 *   node bench/admin-bundle.mjs [--build]      (--build runs `vite build` for @veritas/admin first)
 *
 * Measures only: it passes or fails nothing.
 */
import { execSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { ROOT, parseArgs } from './support.mjs';

const args = parseArgs();
const DIST = path.join(ROOT, 'admin', 'dist');
if (args.has('build')) execSync('npm run build -w @veritas/admin', { cwd: ROOT, stdio: 'inherit' });
if (!fs.existsSync(path.join(DIST, 'index.html'))) {
  console.error('admin/dist/index.html não existe: rode "npm run build -w @veritas/admin" ou use --build.');
  process.exit(1);
}

const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
/** '/painel/assets/x.js' → absolute path in dist. */
const fromUrl = (url) => path.join(DIST, url.replace(/^\/painel\//, ''));
const entries = [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((m) => fromUrl(m[1]));
const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => fromUrl(m[1]));

// Static imports in minified ESM: `import{a as b}from"./x.js"`, `import"./x.js"`, `export{…}from"./x.js"`.
// `import("./x.js")` (dynamic: a lazy chunk) is not followed.
const STATIC = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;

function staticImports(file) {
  const code = fs.readFileSync(file, 'utf8');
  return [...code.matchAll(STATIC)].map((m) => path.resolve(path.dirname(file), m[1]));
}

const firstLoad = new Set();
const queue = [...entries, ...preloads];
while (queue.length) {
  const file = queue.shift();
  if (firstLoad.has(file)) continue;
  firstLoad.add(file);
  queue.push(...staticImports(file));
}

const sizeOf = (file) => {
  const buf = fs.readFileSync(file);
  return { raw: buf.length, gzip: zlib.gzipSync(buf, { level: 9 }).length };
};
const kb = (n) => (n / 1024).toFixed(1);
const all = fs.readdirSync(path.join(DIST, 'assets')).filter((f) => f.endsWith('.js') || f.endsWith('.css')).map((f) => path.join(DIST, 'assets', f));

function table(title, files) {
  let raw = 0;
  let gzip = 0;
  console.log(`\n${title}`);
  for (const file of files.sort()) {
    const s = sizeOf(file);
    raw += s.raw;
    gzip += s.gzip;
    console.log(`  ${path.basename(file).padEnd(40)} ${kb(s.raw).padStart(8)} KB ${kb(s.gzip).padStart(8)} KB gzip`);
  }
  console.log(`  ${'total'.padEnd(40)} ${kb(raw).padStart(8)} KB ${kb(gzip).padStart(8)} KB gzip`);
  return { raw, gzip };
}

const first = table('Primeira carga (entrada + imports estáticos):', [...firstLoad]);
const lazy = table('Carregados sob demanda (React.lazy):', all.filter((f) => !firstLoad.has(f)));
const mustBeLazy = /^(SerieChart|CnpjTabs|Email|Mail|Compose)/;
const leaked = [...firstLoad].map((f) => path.basename(f)).filter((f) => mustBeLazy.test(f));
console.log(`\nPrimeira carga: ${kb(first.gzip)} KB gzip (${kb(first.raw)} KB) de ${kb(first.gzip + lazy.gzip)} KB gzip no total.`);
console.log(leaked.length ? `ATENÇÃO: na primeira carga: ${leaked.join(', ')}` : 'Gráfico, abas de CNPJ e caixa de e-mail: fora da primeira carga.');
