/**
 * What the benchmarks share: their options, the built server (node backend/dist/main.js) on a
 * scratch database filled by the demo seeder, a fixed-time load loop and the tables they print.
 * Every request goes to 127.0.0.1. Nothing here passes or fails on time: the scripts measure and print,
 * and stop only when a scenario does not answer as it should (checkScenarios).
 */
import { execSync, fork, spawn, spawnSync } from 'node:child_process';
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
/** The built server; BENCH_SERVER_MAIN points at another build (a copy of backend/dist inside the repository, to compare two builds on the same data). */
const SERVER_MAIN = process.env.BENCH_SERVER_MAIN ? path.resolve(process.env.BENCH_SERVER_MAIN) : path.join(ROOT, 'backend', 'dist', 'main.js');

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
 * The built server (`main`: another build's main.js) on a free port, ready once /api/health answers (and `ready()`, if given). Its SMTP
 * listener is off unless `env` gives SMTP_PORT: the default port 2525 may be taken on a shared machine.
 */
export async function startServer(env = {}, { ready = async () => true, main = SERVER_MAIN } = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startNode(
    [path.resolve(main)],
    { PORT: String(port), HOST: '127.0.0.1', MASTER_PASSWORD, SMTP_PORT: '0', ...env },
    async () => (await healthy(base)) && (await ready()),
  );
  await sweepDone(server, env);
  await quiet(server.pid);
  return { base, ...server };
}

/**
 * Waits until the server uses almost no CPU (under 5 % of a core, 30 % under a profiler, for two
 * half-seconds running, at most 180 s): work the start sets off by itself must not be measured as the
 * first scenarios' — the charge reminders of a freshly seeded firm (thousands queued in the first
 * minutes after the seeder: every charge due today) above all. Says so when it waited.
 */
async function quiet(pid) {
  // A CPU profiler (BENCH_NODE_ARGS="--cpu-prof …") keeps a sampling thread busy: a looser "idle" then.
  const limit = /cpu-prof/.test(process.env.BENCH_NODE_ARGS ?? '') ? 150 : 25;
  const t0 = performance.now();
  let calm = 0;
  let before = cpuMs(pid);
  if (before === null) return;
  while (calm < 2 && performance.now() - t0 < 180_000) {
    await sleep(500);
    const now = cpuMs(pid);
    calm = now !== null && now - before < limit ? calm + 1 : 0;
    before = now;
  }
  const waited = (performance.now() - t0) / 1000;
  if (waited > 3) console.log(`(servidor ocioso após ${waited.toFixed(0)} s: o trabalho do início, como os lembretes de cobrança, terminou antes das medidas)`);
}

/**
 * On the local disk the server looks up every mail file at start-up (MailOrphanSweep: ~4 s of
 * stat calls at 100,000 messages, in the background): a bench that loaded it meanwhile would measure
 * the sweep too, health first of all. Waits for its log line (at most 60 s). No sweep runs with S3 or
 * with BACKGROUND_JOBS off (the same words config.ts reads as off).
 */
async function sweepDone(server, env) {
  if (String(env.STORAGE ?? '').toLowerCase() === 's3' || /^(0|false|nao|não|off|no)$/i.test(String(env.BACKGROUND_JOBS ?? '').trim())) return;
  const t0 = performance.now();
  while (!/Arquivos de e-mail conferidos|Falha na varredura/.test(server.output()) && performance.now() - t0 < 60_000) await sleep(20);
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
 * The bench's database: a kept SQLite DATA_DIR given as `--data DIR` (a bench's earlier `--keep`: the
 * rows already seeded, `reused` true, nothing removed at the end), or a kept MySQL/MariaDB database
 * given as `--mysql <server>/<banco> --data DIR`, else a fresh one from scratchData.
 */
export async function benchData(args, mysqlServerUrl) {
  const dir = args.opt('data', null);
  if (!dir) return { ...(await scratchData(mysqlServerUrl)), reused: false };
  const dataDir = path.resolve(dir);
  if (mysqlServerUrl && new URL(mysqlServerUrl).pathname.length > 1) {
    // A kept MySQL/MariaDB database (`--mysql <server>/<banco>` of an earlier --keep): DIR holds the server's files.
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    return {
      dataDir,
      sqliteFile: null,
      mysqlUrl: mysqlServerUrl,
      label: 'MariaDB/MySQL',
      env: { DATA_DIR: dataDir, DATABASE_URL: mysqlServerUrl },
      reused: true,
      async remove() {},
    };
  }
  const sqliteFile = path.join(dataDir, 'app.sqlite');
  if (!fs.existsSync(sqliteFile)) throw new Error(`--data ${dir}: não há app.sqlite ali (use o DATA_DIR que um bench manteve com --keep)`);
  return {
    dataDir,
    sqliteFile,
    mysqlUrl: null,
    label: 'SQLite',
    env: { DATA_DIR: dataDir },
    reused: true,
    async remove() {},
  };
}

/**
 * Fills the scratch database with the demo seeder (scripts/seed-demo.mjs: the app's own bulk path, so
 * every derived column, history line and search index is as the app writes it), run while the server
 * is stopped, after a first start has created the schema and the master (and any staff a bench signs
 * in as). Only `data.env` reaches it (plus PATH and HOME), so a DATABASE_URL in the shell never
 * decides where the rows go. Its own report is shown; answers the seconds it took.
 */
export function seedDemo(data, { clientes, registros = 0, emails = 0, documentos }) {
  const t = performance.now();
  const argv = ['--clientes', clientes, '--registros', registros, '--emails', emails, ...(documentos === undefined ? [] : ['--documentos', documentos])].map(String);
  const seeded = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'seed-demo.mjs'), ...argv], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', MASTER_PASSWORD, ...data.env },
    stdio: 'inherit',
  });
  if (seeded.error) throw seeded.error;
  if (seeded.status !== 0) throw new Error(`o seeder (${argv.join(' ')}) terminou com ${seeded.status ?? seeded.signal}`);
  const s = (performance.now() - t) / 1000;
  console.log(`Seeder (${argv.join(' ')}): ${s.toFixed(1)} s (${data.label}).`);
  return s;
}

/**
 * Runs `fn(query)` on the scratch database itself: `query(sql, params)` answers a statement's rows
 * (objects; [] for one that returns none). Read-only unless `write`, which is for while the server is
 * stopped; SQLite in WAL mode lets a reader in while it runs. For what the API does not give (which
 * terms the seeded data holds, exact sizes past the lists' counting limit) and the little the seeder
 * does not do.
 */
export async function withDatabase(data, fn, { write = false } = {}) {
  if (!data.mysqlUrl) {
    const Database = require('better-sqlite3');
    const db = new Database(data.sqliteFile, { readonly: !write });
    db.pragma('busy_timeout = 5000');
    try {
      return await fn(async (sql, params = []) => {
        const st = db.prepare(sql);
        if (st.reader) return st.all(...params);
        st.run(...params);
        return [];
      });
    } finally {
      db.close();
    }
  }
  const mysql = require('mysql2/promise');
  const c = await mysql.createConnection(data.mysqlUrl);
  try {
    return await fn(async (sql, params = []) => {
      const [rows] = await c.query(sql, params);
      return Array.isArray(rows) ? rows : [];
    });
  } finally {
    await c.end();
  }
}

/** One number read straight from the scratch database (withDatabase), e.g. a mailbox's exact size. */
export const countRows = (data, sql, params = []) => withDatabase(data, async (query) => Number(Object.values((await query(sql, params))[0])[0]));

/**
 * Fresh planner statistics for `tables` after seeding, while the server is stopped: MySQL's at once
 * (InnoDB would refresh them by itself, later); SQLite's only with `sqlite`, since the product itself
 * never runs ANALYZE.
 */
export async function refreshStats(data, tables, { sqlite = false } = {}) {
  if (!data.mysqlUrl && !sqlite) return;
  await withDatabase(data, (query) => query(data.mysqlUrl ? `ANALYZE TABLE ${tables.join(', ')}` : 'ANALYZE'), { write: true });
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

/** CPU time (user + system, ms) a process has used so far, in all its threads, from /proc (Linux; null elsewhere). */
export function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
const CLOCK_TICKS = 100; // sysconf(_SC_CLK_TCK) on Linux

/** The value below which a fraction `p` of the sorted `values` lie (NaN when there are none). */
/** The median of unsorted numbers (the mean of the two middle ones for an even count). */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

/**
 * What generates the load: by default `sockets`, load-client.mjs — a child process keeping its
 * keep-alive connections open from one run to the next (as a browser keeps its own), every connection
 * answered once before a run counts anything; `wrk` (Debian's package; C, one thread; each run opens
 * its connections anew, and its percentiles are corrected for coordinated omission, so a run's first
 * answers — each new connection waits for its accept, one per event-loop turn on Node 20 — set its p99);
 * or `node`, the loop below on http.Agent (~0.3 ms of CPU per request on the two cores the server also
 * runs on). BENCH_LOAD=sockets|wrk|node chooses.
 */
export const LOAD_TOOL = (() => {
  const wanted = process.env.BENCH_LOAD ?? 'sockets';
  if (!['sockets', 'wrk', 'node'].includes(wanted)) throw new Error(`BENCH_LOAD=${wanted}: use sockets, wrk ou node`);
  if (wanted === 'wrk' && spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error !== undefined) throw new Error('BENCH_LOAD=wrk, mas o wrk não está no PATH (apt-get install wrk)');
  return wanted;
})();

/** The load clients (load-client.mjs) by origin and number of connections: started once, kept for the whole bench. */
const loadClients = new Map();

function loadClient(origin, concurrency) {
  const key = `${origin} ${concurrency}`;
  let client = loadClients.get(key);
  if (!client) {
    const child = fork(path.join(ROOT, 'bench', 'load-client.mjs'), [], { serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let gone = null;
    child.once('exit', (code, signal) => (gone = new Error(`bench/load-client.mjs terminou (${signal ?? code})`)));
    const ask = (msg) =>
      new Promise((resolve, reject) => {
        if (gone) return reject(gone);
        const onExit = () => reject(gone);
        child.once('exit', onExit);
        child.once('message', (answer) => {
          child.off('exit', onExit);
          if (answer.error) reject(new Error(answer.error));
          else resolve(answer);
        });
        child.send(msg);
      });
    // Runs one after another (a bench never asks two at once, but the queue keeps it so); a failed run
    // does not stop the next.
    let last = ask({ origin, concurrency });
    client = { run: (msg) => (last = last.then(() => ask(msg), () => ask(msg))) };
    child.unref();
    child.channel?.unref();
    loadClients.set(key, client);
  }
  return client;
}

/** loadLoop through load-client.mjs (see LOAD_TOOL): the connections stay open for the next run. */
async function loadSockets({ url, concurrency, seconds, headers, pid, warmup = true }) {
  const urls = [url].flat().map((x) => new URL(x));
  const client = loadClient(urls[0].origin, concurrency);
  const paths = urls.map((u) => u.pathname + u.search);
  const msg = { path: Array.isArray(url) ? paths : paths[0], headers, seconds };
  // A warm-up of 1 s, as wrk's, asked alone: the server's CPU is read around the counted run only.
  if (warmup) await client.run({ ...msg, seconds: 1 });
  const cpuBefore = pid === null ? null : cpuMs(pid);
  const r = await client.run(msg);
  const cpuAfter = pid === null ? null : cpuMs(pid);
  const total = r.n + r.errors + concurrency; // the first answer of each connection, not counted
  const cpuPerRequest = cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / Math.max(1, total);
  return { n: r.n, errors: r.errors, p50: percentile(r.latencies, 0.5), p99: percentile(r.latencies, 0.99), rps: r.n / seconds, avgBytes: r.bytes / Math.max(1, r.n), cpuPerRequest, clientCpuPerRequest: r.cpuMs / Math.max(1, r.n + r.errors) };
}

/** wrk's "1.23ms" / "850.00us" / "1.02s" in ms. */
const wrkMs = (v) => {
  const m = /^([\d.]+)(us|ms|s)$/.exec(v);
  if (!m) return NaN;
  return Number(m[1]) * { us: 0.001, ms: 1, s: 1000 }[m[2]];
};

/**
 * loadLoop through wrk: one thread, `concurrency` keep-alive connections, `seconds` after a one-second
 * warm-up run that is not counted. Non-2xx answers and socket errors are the errors; the latencies are
 * wrk's (of every answer: any error is printed, and a scenario with errors is not a figure).
 */
async function loadWrk({ url, concurrency, seconds, headers, pid, warmup = true }) {
  const args = (s) => ['-t1', `-c${concurrency}`, `-d${s}s`, '--latency', ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), url];
  const run = (s) =>
    new Promise((resolve, reject) => {
      const child = spawn('wrk', args(s), { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`wrk terminou com ${code}: ${out}`))));
    });
  if (warmup) await run(1);
  const cpuBefore = pid === null ? null : cpuMs(pid);
  const out = await run(seconds);
  const cpuAfter = pid === null ? null : cpuMs(pid);
  const pct = (p) => wrkMs(new RegExp(`^\\s*${p}%\\s+(\\S+)`, 'm').exec(out)?.[1] ?? '');
  const total = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = non2xx + (socket ? socket.slice(1).reduce((a, b) => a + Number(b), 0) : 0);
  const bytesRead = /([\d.]+)([KMG]?B) read/.exec(out);
  const bytes = bytesRead ? Number(bytesRead[1]) * { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[bytesRead[2]] : 0;
  const n = total - non2xx;
  const cpuPerRequest = cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / Math.max(1, total);
  return { n, errors, p50: pct(50), p99: pct(99), rps: n / seconds, avgBytes: bytes / Math.max(1, total), cpuPerRequest };
}

/**
 * `concurrency` loops GETting `url` on keep-alive connections for `seconds`, after a short warm-up
 * that is not counted. Latencies in ms, of 200 answers only; anything else is an error. With the
 * server's `pid`, also the CPU milliseconds it spent per answer (all threads; steadier than req/s on
 * a machine whose other work comes and goes).
 */
export async function loadLoop({ url, concurrency, seconds, headers = {}, pid = null, warmup = true }) {
  if (LOAD_TOOL === 'sockets' || Array.isArray(url)) return loadSockets({ url, concurrency, seconds, headers, pid, warmup });
  if (LOAD_TOOL === 'wrk') return loadWrk({ url, concurrency, seconds, headers, pid, warmup });
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
  const cpuBefore = pid === null ? null : cpuMs(pid);
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) await one();
    }),
  );
  const cpuAfter = pid === null ? null : cpuMs(pid);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const n = latencies.length;
  const cpuPerRequest = cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / Math.max(1, n + errors);
  return { n, errors, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), rps: n / seconds, avgBytes: bytes / Math.max(1, n), cpuPerRequest };
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

/** Issue 14's targets for every list and search at 50 connections: p99 and the share of health's req/s. */
const TARGET_P99_MS = 50;
const TARGET_SHARE = 0.5;

/**
 * Loads each scenario ([name, path, headers]) on the same server and prints req/s and its share of the
 * first scenario's (the baseline) measured beside it: each scenario runs in `rounds` slices alternating
 * with slices of the baseline (B, S, S, B, B, S…), and its share is its answers over the baseline's in those
 * slices — on a machine whose speed wanders by half within minutes (seen here), a baseline measured once,
 * minutes away from a scenario, measured the wandering. Also p50 and p99 (the median of the slices'), their
 * ratio to the baseline's beside it, the server's CPU ms per answer (with its `pid`) and the errors, and
 * whether the scenario met both targets ("meta": its own p99 target — `expect.p99`, else TARGET_P99_MS — with
 * no errors, and the share). Answers each scenario's figures: [{ name, rps, share, p50, p99, cpu, errors, met }].
 */
export async function compareScenarios({ base, scenarios, concurrency, seconds, nameWidth, pid = null, rounds = 3 }) {
  const row = printTable([['cenário', nameWidth], ['req/s', 7], ['% ref', 6], ['p50 ms', 8], ['p99 ms', 8], ['p50 ×', 7], ['p99 ×', 7], ['CPU ms', 7], ['erros', 6], ['meta', 5]]);
  const [first, ...rest] = scenarios;
  const slice = Math.max(1, Math.round(seconds / rounds));
  // A list of paths ("a new URL each request") is asked in turn (load-client.mjs).
  const load = ([, url, headers], warmup) => loadLoop({ url: Array.isArray(url) ? url.map((u) => base + u) : base + url, concurrency, seconds: slice, headers, pid, warmup });
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const sum = (slices) => {
    const n = slices.reduce((a, r) => a + r.n, 0);
    const cpu = slices.every((r) => r.cpuPerRequest !== null) ? slices.reduce((a, r) => a + r.cpuPerRequest * (r.n + r.errors), 0) / Math.max(1, n) : null;
    return { n, rps: n / (slice * slices.length), p50: median(slices.map((r) => r.p50)), p99: median(slices.map((r) => r.p99)), cpu, errors: slices.reduce((a, r) => a + r.errors, 0) };
  };
  const print = (name, r, ref, met) => {
    const cpu = r.cpu === null ? '?' : r.cpu.toFixed(2);
    row(name, r.rps.toFixed(0), Math.round((r.n / ref.n) * 100), r.p50.toFixed(1), r.p99.toFixed(1), (r.p50 / ref.p50).toFixed(1), (r.p99 / ref.p99).toFixed(1), cpu, r.errors, met === null ? '' : met ? 'sim' : 'não');
  };
  const results = [];
  await load(first, true);
  const all = [];
  const targets = { p99: 0, share: 0, of: 0 };
  for (const scenario of [first, ...rest]) {
    const mine = [];
    const ref = [];
    await load(scenario, true);
    for (let i = 0; i < rounds; i++) {
      for (const which of i % 2 ? ['s', 'b'] : ['b', 's']) (which === 'b' ? ref : mine).push(await load(which === 'b' ? first : scenario, false));
    }
    const r = sum(mine);
    const b = sum(ref);
    all.push(b);
    const p99Met = r.p99 <= (scenario[3]?.p99 ?? TARGET_P99_MS) && r.errors === 0;
    const shareMet = r.n >= b.n * TARGET_SHARE;
    const met = scenario === first ? null : p99Met && shareMet;
    print(scenario[0], r, b, met);
    results.push({ name: scenario[0], rps: r.rps, share: r.n / b.n, p50: r.p50, p99: r.p99, cpu: r.cpu, errors: r.errors, met });
    if (scenario !== first) {
      targets.of++;
      if (p99Met) targets.p99++;
      if (shareMet) targets.share++;
    }
  }
  console.log(`(o health ao lado de cada cenário: ${Math.min(...all.map((b) => b.rps)).toFixed(0)} a ${Math.max(...all.map((b) => b.rps)).toFixed(0)} req/s ao longo da medida; ${rounds} fatias de ${slice} s de cada)`);
  const met = (n) => `${n} de ${targets.of}${n === targets.of ? ' (atingida)' : ''}`;
  console.log(`metas a ${concurrency} conexões: p99 ≤ ${TARGET_P99_MS} ms (ou a do cenário) sem erros em ${met(targets.p99)}; req/s ≥ ${TARGET_SHARE * 100} % do health em ${met(targets.share)}`);
  return results;
}

/** compareScenarios at each of `concurrencies` in turn (e.g. "1,50"), each under its own heading. */
export async function compareAtConcurrencies({ concurrencies, seconds, ...rest }) {
  for (const concurrency of concurrencies) {
    console.log(`\n${concurrency} ${concurrency === 1 ? 'conexão' : 'conexões simultâneas'} (${LOAD_TOOL}), ${seconds} s por cenário, mesmo servidor (% ref = req/s sobre o health; × = razão para o health; CPU ms = CPU do servidor por resposta):\n`);
    await compareScenarios({ ...rest, concurrency, seconds });
  }
}

/**
 * One request per scenario ([name, url, headers, expect]) before any load, so that a bench never
 * measures an error or an empty answer by mistake: each must answer 200, and `expect` (when given)
 * must hold — `{ min: n }` at least n rows on its page, `{ total: n }` exactly n in all (`{ total: 0 }`:
 * a search that must find nothing). Throws otherwise; prints each list's total and page, each report's rows.
 */
export async function checkScenarios(base, scenarios) {
  const lines = [];
  for (const [name, urls, headers = {}, expect] of scenarios) {
    // A list of paths: the first stands for them all.
    const url = [urls].flat()[0];
    const res = await fetch(base + url, { headers });
    const body = await res.json().catch(() => null);
    if (res.status !== 200) throw new Error(`cenário "${name}": GET ${url} respondeu ${res.status} ${JSON.stringify(body)}`);
    const rows = Array.isArray(body?.data) ? body.data.length : Array.isArray(body?.data?.linhas) ? body.data.linhas.length : null;
    const total = typeof body?.total === 'number' ? body.total : rows;
    const fail = (what) => new Error(`cenário "${name}": GET ${url} ${what} (total ${total}, ${rows} na página)`);
    if (expect?.min !== undefined && !(rows >= expect.min)) throw fail(`devia trazer ao menos ${expect.min} linha(s)`);
    if (expect?.total !== undefined && total !== expect.total) throw fail(`devia achar exatamente ${expect.total}`);
    if (total === null) continue;
    const page = typeof body?.total === 'number' ? ` no total, ${rows} na página` : ' linhas';
    lines.push(`  ${name}: ${body.totalExato === false ? 'mais de ' : ''}${total.toLocaleString('pt-BR')}${page}`);
  }
  console.log(`\nConferência (uma requisição por cenário, todas 200):\n${lines.join('\n')}`);
}

/**
 * What today's browsers send (Chromium, Firefox): the list scenarios "como um navegador" add it, so the
 * benches also measure the compressed answers the screens get (the other scenarios ask for none, as wrk).
 */
export const BROWSER_ENCODING = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** The width of a table's first column for `scenarios`: at least `min`, or the longest name. */
export const nameWidthOf = (scenarios, min) => Math.max(min, ...scenarios.map(([name]) => name.length));

/**
 * Calls `write(n)` (n = 0, 1, 2…) every `everyMs` ms, one at a time, until `stop()` or a write fails. `stop()`
 * resolves to how many succeeded, or rejects with the failure: writes during a load, as real use has them.
 */
export function periodicWrites(everyMs, write) {
  let stopped = false;
  let n = 0;
  const loop = (async () => {
    while (!stopped) {
      await write(n);
      n++;
      await sleep(everyMs);
    }
  })();
  // Reported by stop(), not as an unhandled rejection in the middle of a load.
  const ended = loop.then(
    () => null,
    (err) => err,
  );
  return {
    async stop() {
      stopped = true;
      const err = await ended;
      if (err) throw err;
      return n;
    },
  };
}

/** Runs a bench's main(): an error is printed and the process exits 1. */
export function runMain(main) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
