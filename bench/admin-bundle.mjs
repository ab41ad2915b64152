#!/usr/bin/env node
/**
 * The staff panel's first-load JavaScript: what a browser must download before the first screen
 * can run, i.e. the entry script of admin/dist/index.html and every chunk it imports statically
 * (the modulepreload set), in KB raw, gzip and brotli. Lazy chunks (pages, the dashboard chart, the
 * CNPJ tabs, the mailbox) are listed apart with their sizes; the baseline is the same build's total.
 * Then what a browser really transfers for /painel's first screen: the built server is started on a
 * scratch database, Chromium signs in as the master and opens /painel, and the bytes on the wire of
 * every script and stylesheet are summed from its network log (CDP encodedDataLength).
 *
 *   node bench/admin-bundle.mjs [--build] [--no-browser]
 *   (--build: `npm run build -w @veritas/admin` and the precompression first; CHROME_PATH: another Chromium)
 *
 * Measures only: it passes or fails nothing.
 */
import { execSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { MASTER_EMAIL, MASTER_PASSWORD, ROOT, json, parseArgs, scratchData, startServer } from './support.mjs';

const args = parseArgs();
const DIST = path.join(ROOT, 'admin', 'dist');
if (args.has('build')) execSync('npm run build -w @veritas/admin && node scripts/precompress.mjs admin/dist', { cwd: ROOT, stdio: 'inherit' });
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
  const brotli = zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  return { raw: buf.length, gzip: zlib.gzipSync(buf, { level: 9 }).length, brotli };
};
const kb = (n) => (n / 1024).toFixed(1);
const all = fs.readdirSync(path.join(DIST, 'assets')).filter((f) => f.endsWith('.js') || f.endsWith('.css')).map((f) => path.join(DIST, 'assets', f));

function table(title, files) {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  const line = (name, r, g, b) => console.log(`  ${name.padEnd(40)} ${kb(r).padStart(8)} KB ${kb(g).padStart(8)} KB gzip ${kb(b).padStart(8)} KB brotli`);
  console.log(`\n${title}`);
  for (const file of files.sort()) {
    const s = sizeOf(file);
    raw += s.raw;
    gzip += s.gzip;
    brotli += s.brotli;
    line(path.basename(file), s.raw, s.gzip, s.brotli);
  }
  line('total', raw, gzip, brotli);
  return { raw, gzip, brotli };
}

const first = table('Primeira carga (entrada + imports estáticos):', [...firstLoad]);
const lazy = table('Carregados sob demanda (React.lazy):', all.filter((f) => !firstLoad.has(f)));
const mustBeLazy = /^(SerieChart|CnpjTabs|Email|Mail|Compose)/;
// The first screen's modules share one file (admin/vite.config.ts): a lazy module imported statically
// would vanish into it instead of showing up by name, so each must also still be a chunk of its own.
const lazyNames = all.filter((f) => !firstLoad.has(f)).map((f) => path.basename(f));
const ownChunks = ['SerieChart', 'CnpjTabs', 'EmailPage', 'Compose'].filter((name) => !lazyNames.some((f) => f.startsWith(`${name}-`)));
const leaked = [...[...firstLoad].map((f) => path.basename(f)).filter((f) => mustBeLazy.test(f)), ...ownChunks.map((name) => `${name} (sem chunk próprio)`)];
console.log(
  `\nPrimeira carga: ${kb(first.raw)} KB, ${kb(first.gzip)} KB gzip, ${kb(first.brotli)} KB brotli (de ${kb(first.gzip + lazy.gzip)} KB gzip no total).`,
);
console.log(leaked.length ? `ATENÇÃO: na primeira carga: ${leaked.join(', ')}` : 'Gráfico, abas de CNPJ e caixa de e-mail: fora da primeira carga.');

if (!args.has('no-browser')) await transferred();

/** /painel's first screen in Chromium: bytes on the wire per script/stylesheet, from the network log. */
async function transferred() {
  const { chromium } = await import('playwright-core');
  const data = await scratchData(null);
  const server = await startServer(data.env);
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const login = await json(server.base, '/api/auth/login', { method: 'POST', body: { email: MASTER_EMAIL, password: MASTER_PASSWORD } });
    const page = await browser.newPage();
    await page.goto(`${server.base}/api/health`);
    await page.evaluate(({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userRole', 'user');
      localStorage.setItem('isAuthenticated', 'true');
      localStorage.setItem('userData', JSON.stringify(user));
      localStorage.setItem('userType', 'master');
    }, login);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const responses = new Map();
    cdp.on('Network.responseReceived', (e) => responses.set(e.requestId, { url: e.response.url, type: e.type, encoding: e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? 'identity' }));
    const finished = [];
    cdp.on('Network.loadingFinished', (e) => finished.push(e));
    await page.goto(`${server.base}/painel`, { waitUntil: 'networkidle' });
    let wire = 0;
    let decoded = 0;
    const encodings = new Map();
    console.log('\nTransferido pelo Chromium ao abrir /painel (Accept-Encoding do navegador):');
    for (const e of finished) {
      const r = responses.get(e.requestId);
      if (!r || !['Script', 'Stylesheet'].includes(r.type)) continue;
      const file = fs.existsSync(path.join(DIST, new URL(r.url).pathname.replace(/^\/painel\//, ''))) ? path.join(DIST, new URL(r.url).pathname.replace(/^\/painel\//, '')) : null;
      const size = file ? fs.statSync(file).size : 0;
      wire += e.encodedDataLength;
      decoded += size;
      encodings.set(r.encoding, (encodings.get(r.encoding) ?? 0) + 1);
      console.log(`  ${path.basename(new URL(r.url).pathname).padEnd(40)} ${kb(size).padStart(8)} KB ${kb(e.encodedDataLength).padStart(8)} KB na rede (${r.encoding})`);
    }
    console.log(`  ${'total'.padEnd(40)} ${kb(decoded).padStart(8)} KB ${kb(wire).padStart(8)} KB na rede`);
    console.log(`Codificações: ${[...encodings].map(([k, n]) => `${k} × ${n}`).join(', ')}`);
  } finally {
    await browser.close();
    await server.stop();
    await data.remove();
  }
}
