#!/usr/bin/env node
/**
 * The public site's and the client portal's figures (issues 5 and 58), measured with Lighthouse 12
 * (mobile, simulated throttling) in Debian's Chromium against the production build served by our own
 * server (node backend/dist/main.js):
 *
 *   - performance, accessibility, best practices and SEO scores of /, /nossos-servicos, /faq,
 *     /contato, /cadastro and /login, and of the portal's /cliente, /cliente/registros and
 *     /cliente/financeiro signed in as a client registered for the run (target: 100 in each, issue 58);
 *   - the JavaScript the home page loads, gzip-compressed (target: ≤ 80 KB);
 *   - every request to a host other than our own, on every page measured (target: none).
 *
 * Baseline, taken in the same run on the same Chromium: a bare Node HTTP server serving one small
 * static page; its scores and timings show what this machine allows at best.
 *
 *   node bench/lighthouse.mjs [--pages /,/faq] [--portal-pages /cliente] [--runs 3] [--no-build] [--compare-root DIR]
 *
 * --compare-root DIR: also measures another build of the front ends (DIR holds public-site/dist and
 * client-portal/dist, served by a second server with WEB_ROOT=DIR), each page's runs interleaved
 * with this build's, so a busy machine weighs on both alike (the before/after of ADR 0059).
 *
 * Lighthouse's scores vary from run to run, more so on a busy machine: each page is measured --runs
 * times and the run with the median performance score is reported (Lighthouse's own advice), with
 * every run's performance score and the machine's CPU benchmark index beside it.
 *
 * Builds @veritas/common, the backend, the public site and the portal first unless --no-build. Set CHROME_PATH
 * to use another Chromium than /usr/bin/chromium. Prints the figures; passes or fails nothing (the
 * verdict column only compares each figure with its target).
 */
import { execSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { ROOT, buildBackend, freePort, json, parseArgs, scratchData, startServer } from './support.mjs';

// Lighthouse and chrome-launcher (about 150 packages) are tools of this benchmark only: they install
// on demand into bench/tools (its own package.json and lock, pinned), not with the project's npm ci.
const TOOLS = path.join(ROOT, 'bench', 'tools');
if (!fs.existsSync(path.join(TOOLS, 'node_modules', 'lighthouse', 'package.json'))) {
  // npm install, not npm ci: a dependency of Lighthouse asks for third-party-web@"latest", which npm ci refuses
  // once the tag moves past the lock; npm install keeps the lock's versions where they still satisfy.
  console.log('Instalando as ferramentas do benchmark (lighthouse, chrome-launcher) em bench/tools…');
  execSync('npm install --no-audit --no-fund', { cwd: TOOLS, stdio: 'inherit' });
}
const toolsRequire = createRequire(path.join(TOOLS, 'package.json'));
const importTool = (name) => import(pathToFileURL(toolsRequire.resolve(name)).href);
const chromeLauncher = await importTool('chrome-launcher');
const { default: lighthouse } = await importTool('lighthouse');
const { default: puppeteer } = await importTool('puppeteer-core');

const args = parseArgs();
const RUNS = Number(args.opt('runs', 3));
const COMPARE_ROOT = args.opt('compare-root', null);
// `--pages ,` measures no public page, `--portal-pages ,` no portal page.
const PAGES = args.opt('pages', '/,/nossos-servicos,/faq,/contato,/cadastro,/login').split(',').filter(Boolean);
// The client portal's pages, measured signed in as a client registered for the run.
const PORTAL_PAGES = args.opt('portal-pages', '/cliente,/cliente/registros,/cliente/financeiro').split(',').filter(Boolean);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const TARGETS = { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 };
const HOME_JS_BUDGET_KB = 80;
// --detalhes: each page's long tasks (what makes Total Blocking Time) and the LCP's phases.
const DETAILS = args.has('detalhes');

/**
 * The renderer main thread's tasks over 8 ms (unthrottled, as observed), each with what took its time:
 * the trace events inside it by self time (script evaluation and compilation with their file, HTML
 * parsing, style, layout, paint, garbage collection).
 */
function tasksFromTrace(events) {
  // The page's renderer: the main thread that parsed the page's own HTML (not an extension's or DevTools').
  const parse = events.find((e) => e.name === 'ParseHTML' && /^https?:/.test(e.args?.beginData?.url ?? ''));
  const main = parse && { pid: parse.pid, tid: parse.tid };
  if (!main) return [];
  const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && typeof e.dur === 'number');
  const t0 = Math.min(...mine.map((e) => e.ts));
  const tasks = mine.filter((e) => e.name === 'RunTask' && e.dur > 8000);
  return tasks.map((task) => {
    const inside = mine.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    const self = new Map();
    for (const e of inside) {
      const children = inside.filter((c) => c !== e && c.ts >= e.ts && c.ts + c.dur <= e.ts + e.dur);
      const own = e.dur - children.reduce((sum, c) => sum + (children.some((p) => p !== c && c.ts >= p.ts && c.ts + c.dur <= p.ts + p.dur) ? 0 : c.dur), 0);
      const file = String(e.args?.data?.url ?? e.args?.fileName ?? e.args?.data?.stackTrace?.[0]?.url ?? '').replace(/^https?:\/\/[^/]+/, '');
      const key = file ? `${e.name} ${file}` : e.name;
      self.set(key, (self.get(key) ?? 0) + own);
    }
    const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([k, v]) => `${k} ${(v / 1000).toFixed(1)}`);
    return `${((task.ts - t0) / 1000).toFixed(0)}+${(task.dur / 1000).toFixed(1)} ms [${top.join(', ')}]`;
  });
}

function printDetails(label, lhr) {
  if (lhr.longTasksFromTrace) console.log(`${label}: tarefas do rastro (sem simulação):\n    ${lhr.longTasksFromTrace.join('\n    ') || 'nenhuma'}`);
  const tasks = lhr.audits['long-tasks']?.details?.items ?? [];
  console.log(`${label}: tarefas longas (simuladas): ${tasks.map((t) => `${Math.round(t.startTime)}+${Math.round(t.duration)} ms ${String(t.url).replace(/^https?:\/\/[^/]+/, '')}`).join('; ') || 'nenhuma'}`);
  const phases = lhr.audits['lcp-breakdown-insight']?.details?.items?.[0]?.items ?? lhr.audits['largest-contentful-paint-element']?.details?.items?.[1]?.items ?? [];
  if (phases.length) console.log(`${label}: fases do LCP: ${phases.map((p) => `${p.phase ?? p.subpart ?? p.label}=${Math.round(p.timing ?? p.duration ?? 0)} ms`).join(', ')}`);
  const marks = lhr.audits['user-timings']?.details?.items ?? [];
  if (marks.length) console.log(`${label}: marcas: ${marks.map((m) => `${m.name}@${Math.round(m.startTime)}`).join(' ')}`);
  const bootup = lhr.audits['bootup-time']?.details?.items ?? [];
  console.log(`${label}: CPU por script (simulado): ${bootup.map((b) => `${String(b.url).replace(/^https?:\/\/[^/]+/, '')} ${Math.round(b.scripting)}+${Math.round(b.scriptParseCompile)} ms`).join('; ')}`);
  const chains = lhr.audits['critical-request-chains']?.details?.longestChain;
  if (chains) console.log(`${label}: cadeia crítica mais longa: ${chains.length} pedidos, ${Math.round(chains.duration)} ms`);
}
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
async function auditOnce(url, session) {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veritas-lighthouse-'));
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: CHROMIUM_FLAGS,
    userDataDir,
    logLevel: 'silent',
  });
  try {
    if (session) await signIn(chrome.port, new URL(url).origin, session);
    // Signed in: Lighthouse keeps the origin's storage (the session) but still starts with a cold cache.
    const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, disableStorageReset: !!session };
    if (session) await clearCache(chrome.port);
    const result = await lighthouse(url, flags);
    // --detalhes: the main thread's longest tasks from the run's trace, kept beside the report.
    if (DETAILS) Object.defineProperty(result.lhr, 'longTasksFromTrace', { value: tasksFromTrace(result.artifacts.Trace?.traceEvents ?? []) });
    return result.lhr;
  } finally {
    await chrome.kill();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}

/**
 * `RUNS` runs of a page on each server (interleaved: one run on each, then again; a run that fails to
 * record, as Lighthouse sometimes does, is retried once); for each, the run with the median
 * performance score, plus every run's score.
 */
async function audit(targets) {
  const runs = targets.map(() => []);
  for (let i = 0; i < RUNS; i++) {
    for (const [t, { url, session }] of targets.entries()) {
      let lhr = await auditOnce(url, session);
      if (lhr.runtimeError) lhr = await auditOnce(url, session);
      runs[t].push(lhr);
    }
  }
  return runs.map((all) => {
    const measured = all.filter((lhr) => !lhr.runtimeError);
    if (measured.length === 0) return { lhr: all[0], all: [] };
    measured.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    return { lhr: measured[Math.floor((measured.length - 1) / 2)], all: measured.map((lhr) => score(lhr, 'performance')) };
  });
}

/** Puts a client's session in the origin's storage, as the sign-in page would (@veritas/common session keys). */
async function signIn(port, origin, session) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/api/health/live`);
    await page.evaluate((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('userRole', 'cliente');
      localStorage.setItem('isAuthenticated', 'true');
      localStorage.setItem('userData', JSON.stringify(s.profile));
    }, session);
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/** Empties the HTTP cache (the sign-in visit above must not warm what is measured). */
async function clearCache(port) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/** A client company registered for the run, signed in: its token and profile. */
async function registerClient(base) {
  const email = `lighthouse.${Date.now()}@exemplo.com.br`;
  const password = 'Cliente!2026pw';
  await json(base, '/api/clientes/register', {
    method: 'POST',
    body: { razaoSocial: 'Padaria Pão Quente Ltda', cnpj: '11222333000181', email, password, telefone: '(11) 3333-4444', cep: '01310-100', cidade: 'São Paulo', estado: 'SP' },
  });
  const { token } = await json(base, '/api/auth/login', { method: 'POST', body: { email, password } });
  const profile = (await json(base, '/api/clientes/me', { token })).data;
  return { token, profile };
}

const score = (lhr, category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

/**
 * The portal is private and says so (`<meta name="robots" content="noindex">`), which Lighthouse's
 * SEO category scores as 'is-crawlable' 0: for a portal page the SEO figure is the category's
 * weighted mean without that one audit.
 */
function seoOfPrivatePage(lhr) {
  const refs = lhr.categories.seo.auditRefs.filter((ref) => ref.weight > 0 && ref.id !== 'is-crawlable' && lhr.audits[ref.id].score !== null);
  const weight = refs.reduce((sum, ref) => sum + ref.weight, 0);
  return Math.round((refs.reduce((sum, ref) => sum + ref.weight * lhr.audits[ref.id].score, 0) / weight) * 100);
}
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
  if (PORTAL_PAGES.length > 0) {
    console.log('Compilando @veritas/client-portal...');
    execSync('npm run build -w @veritas/web && npm run build -w @veritas/client-portal', { cwd: ROOT, stdio: 'pipe' });
  }
}

/** Our server, and with --compare-root a second one serving that build (each with its own scratch data). */
const servers = [];
for (const webRoot of [null, ...(COMPARE_ROOT ? [path.resolve(COMPARE_ROOT)] : [])]) {
  const data = await scratchData(null);
  servers.push({ data, webRoot, server: await startServer(webRoot ? { ...data.env, WEB_ROOT: webRoot } : data.env) });
}
const baseline = await startBaseline();
const rows = [];
const thirdParty = [];
const loads = [];
let homeScripts = null;
try {
  const [{ lhr: base, all: baseRuns }] = await audit([{ url: `${baseline.base}/` }]);
  rows.push({
    page: 'referência (página mínima)',
    ...Object.fromEntries(CATEGORIES.map((c) => [c, score(base, c)])),
    'perf. por execução': baseRuns.join(' '),
    'FCP ms': Math.round(base.audits['first-contentful-paint'].numericValue),
    'LCP ms': Math.round(base.audits['largest-contentful-paint'].numericValue),
    'TBT ms': Math.round(base.audits['total-blocking-time'].numericValue),
    CLS: base.audits['cumulative-layout-shift'].numericValue.toFixed(3),
    'JS KB gz': '-',
    'CPU index': Math.round(base.environment.benchmarkIndex),
  });

  for (const s of servers) s.session = PORTAL_PAGES.length > 0 ? await registerClient(s.server.base) : null;
  for (const page of [...PAGES, ...PORTAL_PAGES]) {
    loads.push(os.loadavg()[0]);
    const measured = await audit(servers.map((s) => ({ url: s.server.base + page, session: PORTAL_PAGES.includes(page) ? s.session : undefined })));
    for (const [i, { lhr, all }] of measured.entries()) {
      const label = servers[i].webRoot ? `${page} [${servers[i].webRoot}]` : page;
      if (lhr.runtimeError) {
        rows.push({ page: `${label} (erro: ${lhr.runtimeError.code})`, ...Object.fromEntries(CATEGORIES.map((c) => [c, 0])) });
        console.log(`${label}: o Lighthouse não mediu a página: ${lhr.runtimeError.message}`);
        continue;
      }
      const landed = new URL(lhr.finalDisplayedUrl ?? lhr.finalUrl).pathname;
      const scripts = await scriptSizes(lhr);
      if (page === '/' && i === 0) homeScripts = scripts;
      const host = new URL(servers[i].server.base).host;
      for (const r of requestsOf(lhr)) {
        if (/^https?:/.test(r.url) && new URL(r.url).host !== host) thirdParty.push(`${label}: ${r.url}`);
      }
      rows.push({
        page: landed === page ? label : `${label} (ausente: redirecionada para ${landed})`,
        ...Object.fromEntries(CATEGORIES.map((c) => [c, score(lhr, c)])),
        ...(PORTAL_PAGES.includes(page) ? { seo: seoOfPrivatePage(lhr) } : {}),
        'perf. por execução': all.join(' '),
        'FCP ms': Math.round(lhr.audits['first-contentful-paint'].numericValue),
        'LCP ms': Math.round(lhr.audits['largest-contentful-paint'].numericValue),
        'TBT ms': Math.round(lhr.audits['total-blocking-time'].numericValue),
        CLS: lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3),
        'JS KB gz': (scripts.reduce((sum, s) => sum + s.gzip, 0) / 1024).toFixed(1),
        'CPU index': Math.round(lhr.environment.benchmarkIndex),
      });
      const misses = failedAudits(lhr).filter((m) => !(PORTAL_PAGES.includes(page) && m.startsWith('seo: is-crawlable')));
      const lcp = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet;
      if (misses.length) console.log(`${label}: auditorias abaixo de 100% (LCP: ${lcp ?? '?'}):\n  ${misses.join('\n  ')}`);
      if (DETAILS) printDetails(label, lhr);
    }
  }
} finally {
  await baseline.stop();
  for (const s of servers) {
    await s.server.stop();
    await s.data.remove();
  }
}

const loadRange = loads.length ? ` (1 min, ao começar cada página: ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)})` : '';
console.log(`\nLighthouse 12 (mobile, throttling simulado), mediana de ${RUNS} execuções — servidor: node backend/dist/main.js — carga da máquina: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}${loadRange}\n`);
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
console.log('\nComparação com as metas (performance, acessibilidade, boas práticas e SEO = 100; no portal, SEO sem is-crawlable: é privado, noindex):');
console.table(verdicts);
console.log(`JS da página inicial ≤ ${HOME_JS_BUDGET_KB} KB gzip: ${homeJsKb <= HOME_JS_BUDGET_KB ? 'ok' : 'acima'}; sem terceiros: ${thirdParty.length === 0 ? 'ok' : 'não'}`);
