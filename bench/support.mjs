/**
 * What the benchmarks share: their options, the built server (node backend/dist/main.js) on a
 * scratch database, bulk loading of rows in SQL, a fixed-time load loop and the tables they print.
 * Every request goes to 127.0.0.1. Nothing here passes or fails: the scripts measure and print.
 */
import { execSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import { createRequire } from 'node:module';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Resolves packages as the backend does (@veritas/common, better-sqlite3, mysql2, nodemailer...). */
export const require = createRequire(path.join(ROOT, 'backend', 'package.json'));
export const MASTER_EMAIL = 'master@veritas.com.br';
export const MASTER_PASSWORD = 'Master!2026pw';
const SERVER_MAIN = path.join(ROOT, 'backend', 'dist', 'main.js');

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------- options and build

/** `--name value` options and `--name` switches; a value never starts with `--`. */
export function parseArgs(argv = process.argv.slice(2)) {
  return {
    argv,
    opt(name, fallback) {
      const i = argv.indexOf(`--${name}`);
      return i >= 0 && argv[i + 1] && !argv[i + 1].startsWith('--') ? argv[i + 1] : fallback;
    },
    has: (name) => argv.includes(`--${name}`),
  };
}

/** Builds @veritas/common and @veritas/backend: the benchmarks measure the built product. */
export function buildBackend() {
  console.log('Compilando @veritas/common e @veritas/backend...');
  try {
    execSync('npm run build -w @veritas/common && npm run build -w @veritas/backend', { cwd: ROOT, stdio: 'pipe' });
  } catch (err) {
    throw new Error(`a compilação falhou:\n${err.stdout ?? ''}${err.stderr ?? ''}`);
  }
}

// ---------- processes

export function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

export const canConnect = (port) =>
  new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1', () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });

export const healthy = async (base) => (await fetch(`${base}/api/health`)).ok;

/**
 * Spawns `node ...argv` with only `env` (plus PATH and HOME, so nothing leaks in from the shell) and
 * resolves once `ready()` holds, polled every 10 ms. `readyMs` is spawn → ready, which is what
 * startup.mjs measures.
 */
export async function startNode(argv, env, ready) {
  const t0 = performance.now();
  // BENCH_NODE_ARGS go before the script (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the servers).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, ...argv], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  const what = `node ${path.relative(ROOT, argv[0]) || argv[0]}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} terminou:\n${out}`);
    if (await ready().catch(() => false)) return { pid: child.pid, readyMs: performance.now() - t0, stop, output: () => out };
    if (performance.now() - t0 > 60_000) {
      await stop();
      throw new Error(`${what} não respondeu em 60 s:\n${out}`);
    }
    await sleep(10);
  }
}

/**
 * The built server on a free port, ready once /api/health answers (and `ready()`, if given). Its SMTP
 * listener is off unless `env` gives SMTP_PORT: the default port 2525 may be taken on a shared machine.
 */
export async function startServer(env = {}, { ready = async () => true } = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startNode(
    [SERVER_MAIN],
    { PORT: String(port), HOST: '127.0.0.1', MASTER_PASSWORD, SMTP_PORT: '0', ...env },
    async () => (await healthy(base)) && (await ready()),
  );
  return { base, ...server };
}

// ---------- scratch data

/** A database of its own on the MySQL/MariaDB server at `serverUrl`, dropped by `drop()`. */
export async function scratchMysql(serverUrl) {
  const mysql = require('mysql2/promise');
  const name = `veritas_bench_${Date.now()}_${process.pid}`;
  const admin = await mysql.createConnection(serverUrl);
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  return {
    url: `${serverUrl.replace(/\/$/, '')}/${name}`,
    drop: async () => {
      const c = await mysql.createConnection(serverUrl);
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
    },
  };
}

/**
 * A fresh DATA_DIR and, given a MySQL server URL, a scratch database: `env` for startServer, where
 * the rows go (`sqliteFile` or `mysqlUrl`), and `remove()` to drop both.
 */
export async function scratchData(mysqlServerUrl) {
  const db = mysqlServerUrl ? await scratchMysql(mysqlServerUrl) : null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veritas-bench-'));
  return {
    dataDir,
    sqliteFile: path.join(dataDir, 'app.sqlite'),
    mysqlUrl: db?.url ?? null,
    label: db ? 'MariaDB/MySQL' : 'SQLite',
    env: { DATA_DIR: dataDir, ...(db ? { DATABASE_URL: db.url } : {}) },
    /** With `keep`, only says where the data is, to look at it afterwards. */
    async remove({ keep = false } = {}) {
      if (keep) return console.log(`\nDados mantidos em ${db?.url ?? dataDir}`);
      await db?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One number read straight from the scratch database while the server runs (SQLite in WAL mode
 * allows a second reader): for figures the API no longer gives exactly, such as a mailbox's size
 * past the lists' counting limit.
 */
export async function countRows(data, sql, params = []) {
  if (!data.mysqlUrl) {
    const Database = require('better-sqlite3');
    const db = new Database(data.sqliteFile, { readonly: true });
    try {
      return Number(Object.values(db.prepare(sql).get(...params))[0]);
    } finally {
      db.close();
    }
  }
  const mysql = require('mysql2/promise');
  const c = await mysql.createConnection(data.mysqlUrl);
  try {
    const [rows] = await c.query(sql, params);
    return Number(Object.values(rows[0])[0]);
  } finally {
    await c.end();
  }
}

/**
 * Inserts `tables` ([table, columns, rows], rows an iterable of value arrays) straight in SQL while
 * the server is stopped, Dates written as TypeORM writes them on each database. MySQL's statistics
 * are refreshed at once (InnoDB would refresh them by itself, later); SQLite's only with
 * `sqliteAnalyze`, since the product itself never runs ANALYZE.
 */
export async function bulkInsert(data, tables, { sqliteAnalyze = false } = {}) {
  const insert = (table, columns, placeholders) => `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${placeholders}`;
  if (!data.mysqlUrl) {
    const Database = require('better-sqlite3');
    const db = new Database(data.sqliteFile);
    db.pragma('journal_mode = WAL');
    db.pragma('busy_timeout = 5000');
    // TypeORM's better-sqlite3 driver writes datetimes as 'YYYY-MM-DD HH:MM:SS.SSS' in UTC.
    const dt = (v) => (v instanceof Date ? v.toISOString().replace('T', ' ').replace('Z', '') : v);
    for (const [table, columns, rows] of tables) {
      const st = db.prepare(insert(table, columns, `(${columns.map(() => '?').join(', ')})`));
      db.transaction(() => {
        for (const r of rows) st.run(r.map(dt));
      })();
    }
    if (sqliteAnalyze) db.exec('ANALYZE');
    db.close();
    return;
  }
  const mysql = require('mysql2/promise');
  const c = await mysql.createConnection(data.mysqlUrl);
  const dt = (v) => (v instanceof Date ? v.toISOString().slice(0, 19).replace('T', ' ') : v);
  for (const [table, columns, rows] of tables) {
    let batch = [];
    const flush = async () => {
      if (batch.length) await c.query(insert(table, columns, '?'), [batch]);
      batch = [];
    };
    for (const r of rows) {
      batch.push(r.map(dt));
      if (batch.length === 2000) await flush();
    }
    await flush();
  }
  // The suffix index's side rows (the app writes them with each row; a raw insert fills them here).
  // (A build from before the index, run for a comparison, has neither the module nor the tables.)
  const sufixos = path.join(ROOT, 'backend', 'dist', 'database', 'sufixos-index.js');
  if (fs.existsSync(sufixos)) {
    const { SUFIXOS_INDEXES, fillSufixos } = require(sufixos);
    for (const [table] of tables) {
      const ix = SUFIXOS_INDEXES[table];
      if (ix) await fillSufixos(async (sql, params) => (await c.query(sql, params))[0], ix);
    }
  }
  await c.query(`ANALYZE TABLE ${tables.map(([table]) => table).join(', ')}`);
  await c.end();
}

// ---------- API

/** A JSON request that must succeed; its parsed body. */
export async function json(base, url, { method = 'GET', body, token } = {}) {
  const res = await fetch(base + url, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(data)}`);
  return data;
}

/** A bearer token; the master by default. */
export const login = async (base, email = MASTER_EMAIL, password = MASTER_PASSWORD) =>
  (await json(base, '/api/auth/login', { method: 'POST', body: { email, password } })).token;

/** A react-admin list URL: `/api/x?range=[a,b]&filter={...}&sort=[field,order]`. */
export const listUrl = (resource, filter, range = [0, 24], sort) =>
  `${resource}?range=${encodeURIComponent(JSON.stringify(range))}` +
  (filter ? `&filter=${encodeURIComponent(JSON.stringify(filter))}` : '') +
  (sort ? `&sort=${encodeURIComponent(JSON.stringify(sort))}` : '');

// ---------- load and figures

/** The value below which a fraction `p` of the sorted `values` lie (NaN when there are none). */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

/**
 * `concurrency` loops GETting `url` on keep-alive connections for `seconds`, after a short warm-up
 * that is not counted. Latencies in ms, of 200 answers only; anything else is an error.
 */
export async function loadLoop({ url, concurrency, seconds, headers = {} }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const target = new URL(url);
  const latencies = [];
  let errors = 0;
  let bytes = 0;
  const one = () =>
    new Promise((resolve) => {
      const t = performance.now();
      const req = http.get({ host: target.hostname, port: target.port, path: target.pathname + target.search, agent, headers }, (res) => {
        res.on('data', (d) => (bytes += d.length));
        res.on('end', () => {
          if (res.statusCode === 200) latencies.push(performance.now() - t);
          else errors++;
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
    });
  for (let i = 0; i < concurrency; i++) await one();
  latencies.length = 0;
  errors = 0;
  bytes = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) await one();
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const n = latencies.length;
  return { n, errors, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), rps: n / seconds, avgBytes: bytes / Math.max(1, n) };
}

/**
 * Prints the header of a table whose columns are [title, width] (the first left-aligned, the others
 * right-aligned) and returns the function that prints a row, so rows appear as they are measured.
 */
export function printTable(columns) {
  const line = (cells) => console.log(...cells.map((c, i) => (i === 0 ? String(c).padEnd(columns[i][1]) : String(c).padStart(columns[i][1]))));
  line(columns.map(([title]) => title));
  return (...cells) => line(cells);
}

/**
 * Loads each scenario ([name, path, headers]) in turn on the same server and prints req/s, p50, p99,
 * their ratio to the first scenario (the baseline, measured in the same run) and the errors.
 */
export async function compareScenarios({ base, scenarios, concurrency, seconds, nameWidth }) {
  const row = printTable([['cenário', nameWidth], ['req/s', 7], ['p50 ms', 8], ['p99 ms', 8], ['p50 ×', 7], ['p99 ×', 7], ['erros', 6]]);
  let baseline;
  for (const [name, url, headers] of scenarios) {
    const r = await loadLoop({ url: base + url, concurrency, seconds, headers });
    baseline ??= r;
    row(name, r.rps.toFixed(0), r.p50.toFixed(1), r.p99.toFixed(1), (r.p50 / baseline.p50).toFixed(1), (r.p99 / baseline.p99).toFixed(1), r.errors);
  }
}

/** compareScenarios at each of `concurrencies` in turn (e.g. "1,50"), each under its own heading. */
export async function compareAtConcurrencies({ concurrencies, seconds, ...rest }) {
  for (const concurrency of concurrencies) {
    console.log(`\n${concurrency} ${concurrency === 1 ? 'conexão' : 'conexões simultâneas'}, ${seconds} s por cenário, mesmo servidor (× = razão para o health):\n`);
    await compareScenarios({ ...rest, concurrency, seconds });
  }
}

/** Runs a bench's main(): an error is printed and the process exits 1. */
export function runMain(main) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
