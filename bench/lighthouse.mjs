#!/usr/bin/env node
/**
 * The public site's figures (issue 5), measured with Lighthouse 12 (mobile, simulated throttling) in
 * Debian's Chromium against the production build served by our own server (node backend/dist/main.js):
 *
 *   - performance, accessibility, best practices and SEO scores of /, /nossos-servicos, /faq,
 *     /contato and /cadastro (targets: ≥ 95, 100, 100, 100);
 *   - the JavaScript the home page loads, gzip-compressed (target: ≤ 80 KB);
 *   - every request to a host other than our own, on every page measured (target: none).
 *
 * Baseline, taken in the same run on the same Chromium: a bare Node HTTP server serving one small
 * static page; its scores and timings show what this machine allows at best.
 *
 *   node bench/lighthouse.mjs [--pages /,/faq] [--runs 3] [--no-build]
 *
 * Lighthouse's scores vary from run to run, more so on a busy machine: each page is measured --runs
 * times and the run with the median performance score is reported (Lighthouse's own advice), with
 * every run's performance score and the machine's CPU benchmark index beside it.
 *
 * Builds @veritas/common, the backend and the public site first unless --no-build. Set CHROME_PATH
 * to use another Chromium than /usr/bin/chromium. Prints the figures; passes or fails nothing (the
 * verdict column only compares each figure with its target).
 */
import { execSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ROOT, buildBackend, freePort, parseArgs, scratchData, startServer } from './support.mjs';

const args = parseArgs();
const RUNS = Number(args.opt('runs', 3));
const PAGES = args.opt('pages', '/,/nossos-servicos,/faq,/contato,/cadastro').split(',');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const HOME_JS_BUDGET_KB = 80;
// The flags of test/support/browser.ts (chrome-launcher adds --headless and its own defaults).
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** One Lighthouse run in a Chromium of its own (fresh profile, so no cache carries over). */
async function auditOnce(url) {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veritas-lighthouse-'));
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: CHROMIUM_FLAGS,
    userDataDir,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
    return result.lhr;
  } finally {
    await chrome.kill();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}

/**
 * `RUNS` runs of a page (a run that fails to record, as Lighthouse sometimes does, is retried
 * once); the run with the median performance score, plus every run's score.
 */
async function audit(url) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    let lhr = await auditOnce(url);
    if (lhr.runtimeError) lhr = await auditOnce(url);
    runs.push(lhr);
  }
  const measured = runs.filter((lhr) => !lhr.runtimeError);
  if (measured.length === 0) return { lhr: runs[0], all: [] };
  measured.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
  return { lhr: measured[Math.floor((measured.length - 1) / 2)], all: measured.map((lhr) => score(lhr, 'performance')) };
}

const score = (lhr, category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const requestsOf = (lhr) => lhr.audits['network-requests']?.details?.items ?? [];
const failedAudits = (lhr) =>
  CATEGORIES.flatMap((category) =>
    lhr.categories[category].auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
      .map((a) => `${category}: ${a.id} (${a.score})${a.displayValue ? ` ${a.displayValue}` : ''}`),
  );

/** The scripts a page loaded, each with its size as served and gzip-compressed (level 6, the usual). */
async function scriptSizes(lhr) {
  const scripts = requestsOf(lhr).filter((r) => r.resourceType === 'Script');
  return Promise.all(
    scripts.map(async (r) => {
      const body = Buffer.from(await (await fetch(r.url)).arrayBuffer());
      return { url: new URL(r.url).pathname, bytes: body.length, gzip: gzipSync(body, { level: 6 }).length, transfer: r.transferSize };
    }),
  );
}

/** A bare HTTP server with one small, complete page: the best this machine and Chromium allow. */
async function startBaseline() {
  const port = await freePort();
  const html =
    '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Referência</title><meta name="description" content="Página mínima de referência para o Lighthouse."></head>' +
    '<body><main><h1>Referência</h1><p>Uma página estática mínima.</p></main></body></html>';
  const server = http.createServer((req, res) => {
    if (req.url === '/robots.txt') return res.end('User-agent: *\nAllow: /\n');
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(html);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${port}`, stop: () => new Promise((resolve) => server.close(resolve)) };
}

if (!args.has('no-build')) {
  buildBackend();
  console.log('Compilando @veritas/public-site...');
  execSync('npm run build -w @veritas/public-site', { cwd: ROOT, stdio: 'pipe' });
}

const data = await scratchData(null);
const server = await startServer(data.env);
const baseline = await startBaseline();
const rows = [];
const thirdParty = [];
let homeScripts = null;
try {
  const { lhr: base, all: baseRuns } = await audit(`${baseline.base}/`);
  rows.push({
    page: 'referência (página mínima)',
    ...Object.fromEntries(CATEGORIES.map((c) => [c, score(base, c)])),
    'perf. por execução': baseRuns.join(' '),
    'LCP ms': Math.round(base.audits['largest-contentful-paint'].numericValue),
    'TBT ms': Math.round(base.audits['total-blocking-time'].numericValue),
    'JS KB gz': '-',
    'CPU index': Math.round(base.environment.benchmarkIndex),
  });

  for (const page of PAGES) {
    const url = server.base + page;
    const { lhr, all } = await audit(url);
    if (lhr.runtimeError) {
      rows.push({ page: `${page} (erro: ${lhr.runtimeError.code})`, ...Object.fromEntries(CATEGORIES.map((c) => [c, 0])) });
      console.log(`${page}: o Lighthouse não mediu a página: ${lhr.runtimeError.message}`);
      continue;
    }
    const landed = new URL(lhr.finalDisplayedUrl ?? lhr.finalUrl).pathname;
    const scripts = await scriptSizes(lhr);
    if (page === '/') homeScripts = scripts;
    const host = new URL(server.base).host;
    for (const r of requestsOf(lhr)) {
      if (/^https?:/.test(r.url) && new URL(r.url).host !== host) thirdParty.push(`${page}: ${r.url}`);
    }
    rows.push({
      page: landed === page ? page : `${page} (ausente: redirecionada para ${landed})`,
      ...Object.fromEntries(CATEGORIES.map((c) => [c, score(lhr, c)])),
      'perf. por execução': all.join(' '),
      'LCP ms': Math.round(lhr.audits['largest-contentful-paint'].numericValue),
      'TBT ms': Math.round(lhr.audits['total-blocking-time'].numericValue),
      'JS KB gz': (scripts.reduce((sum, s) => sum + s.gzip, 0) / 1024).toFixed(1),
      'CPU index': Math.round(lhr.environment.benchmarkIndex),
    });
    const misses = failedAudits(lhr);
    if (misses.length) console.log(`${page}: auditorias abaixo de 100%:\n  ${misses.join('\n  ')}`);
  }
} finally {
  await baseline.stop();
  await server.stop();
  await data.remove();
}

console.log(`\nLighthouse 12 (mobile, throttling simulado), mediana de ${RUNS} execuções — servidor: node backend/dist/main.js — carga da máquina: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
console.table(rows);

const homeJsKb = (homeScripts ?? []).reduce((sum, s) => sum + s.gzip, 0) / 1024;
console.log('\nJavaScript carregado pela página inicial:');
console.table((homeScripts ?? []).map((s) => ({ arquivo: s.url, bytes: s.bytes, 'gzip bytes': s.gzip, 'transferidos': s.transfer })));
console.log(`total: ${homeJsKb.toFixed(1)} KB gzip (meta: ≤ ${HOME_JS_BUDGET_KB} KB)`);
console.log(`\nRequisições a outros hosts: ${thirdParty.length === 0 ? 'nenhuma' : `\n  ${thirdParty.join('\n  ')}`}`);

const verdicts = rows.slice(1).map((row) => ({
  page: row.page,
  ...Object.fromEntries(CATEGORIES.map((c) => [c, row[c] >= TARGETS[c] ? 'ok' : `abaixo (${row[c]} < ${TARGETS[c]})`])),
}));
console.log('\nComparação com as metas (performance ≥ 95, acessibilidade, boas práticas e SEO = 100):');
console.table(verdicts);
console.log(`JS da página inicial ≤ ${HOME_JS_BUDGET_KB} KB gzip: ${homeJsKb <= HOME_JS_BUDGET_KB ? 'ok' : 'acima'}; sem terceiros: ${thirdParty.length === 0 ? 'ok' : 'não'}`);
