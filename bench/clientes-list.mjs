#!/usr/bin/env node
/**
 * GET /api/clientes under concurrent load with 100,000 clients, beside GET /api/health on the same
 * server in the same run (the baseline). Prints p50/p99 of each and the ratio to health.
 *
 *   node bench/clientes-list.mjs [--rows 100000] [--concurrency 1,16] [--seconds 5]
 *                                [--mysql mysql://root@127.0.0.1:3306] [--no-build]
 *
 * The built server (node backend/dist/main.js) runs on a fresh SQLite DATA_DIR, or on a scratch
 * MySQL/MariaDB database that is dropped at the end. The clients are bulk-inserted in SQL, with the
 * same folded `busca` text the API writes. Not a test: nothing here passes or fails.
 */
import { execSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(ROOT, 'backend', 'package.json'));
const common = require('@veritas/common');
// The app's own search text, from the build: the bench stores exactly what the API would.
const { clienteBusca } = require(path.join(ROOT, 'backend', 'dist', 'clientes', 'cliente.mapper.js'));
const MASTER_PASSWORD = 'Master!2026pw';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] && !args[i + 1].startsWith('--') ? args[i + 1] : fallback;
};
const ROWS = Number(opt('rows', 100_000));
const CONCURRENCIES = String(opt('concurrency', '1,16')).split(',').map(Number);
const SECONDS = Number(opt('seconds', 5));
const MYSQL = opt('mysql', null);

// ---------- data

const PREFIX = ['Comércio', 'Indústria', 'Açúcar', 'Padaria', 'Construtora', 'Transportes', 'Distribuidora', 'Farmácia', 'Clínica', 'Escritório', 'Mercado', 'Auto Peças', 'Confecções', 'Tecnologia', 'Educação', 'Serviços'];
const MIDDLE = ['São João', 'Boa Vista', 'Paulista', 'Estrela', 'União', 'Progresso', 'Horizonte', 'Atlântico', 'Cerrado', 'Pantanal', 'Ipê', 'Jacarandá', 'Aurora', 'Esperança', 'Guaraná', 'Maré'];
const SUFFIX = ['Ltda', 'S.A.', 'ME', 'EIRELI', 'Comércio e Serviços Ltda'];
const pick = (list, i) => list[i % list.length];

function clientRow(i, t0) {
  const root = String(10_000_000 + i).padStart(8, '0');
  const base = `${root}0001`;
  const cnpj = base + common.cnpjCheckDigits(base);
  const razaoSocial = `${pick(PREFIX, i)} ${pick(MIDDLE, Math.floor(i / 16))} ${i} ${pick(SUFFIX, Math.floor(i / 256))}`;
  const nomeFantasia = i % 3 === 0 ? null : `${pick(MIDDLE, i * 7)} ${pick(PREFIX, i * 3)}`;
  const email = `contato${i}@empresa${i % 9973}.com.br`;
  const busca = clienteBusca({ razaoSocial, nomeFantasia, email, cnpj });
  // Spread over three years, newest last, with distinct seconds so the order is stable on both databases.
  const createdAt = new Date(t0 + i * 900_000);
  const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
  return { id, createdAt, updatedAt: createdAt, razaoSocial, nomeFantasia, cnpj, email, status: i % 5 === 0 ? 'inativo' : 'ativo', busca };
}

const COLUMNS = ['id', 'createdAt', 'updatedAt', 'razaoSocial', 'nomeFantasia', 'cnpj', 'email', 'pais', 'passwordHash', 'status', 'busca'];
const values = (r, dateOut) => [r.id, dateOut(r.createdAt), dateOut(r.updatedAt), r.razaoSocial, r.nomeFantasia, r.cnpj, r.email, 'Brasil', 'x', r.status, r.busca];

async function loadSqlite(file) {
  const Database = require('better-sqlite3');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  // TypeORM's better-sqlite3 driver writes datetimes as 'YYYY-MM-DD HH:MM:SS.SSS' in UTC.
  const iso = (d) => d.toISOString().replace('T', ' ').replace('Z', '');
  const insert = db.prepare(`INSERT INTO clientes (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`);
  const t0 = Date.now() - ROWS * 900_000;
  db.transaction(() => {
    for (let i = 0; i < ROWS; i++) insert.run(values(clientRow(i, t0), iso));
  })();
  db.close();
}

async function loadMysql(url) {
  const mysql = require('mysql2/promise');
  const c = await mysql.createConnection(url);
  const t0 = Date.now() - ROWS * 900_000;
  const dt = (d) => d.toISOString().slice(0, 19).replace('T', ' ');
  for (let start = 0; start < ROWS; start += 2000) {
    const batch = [];
    for (let i = start; i < Math.min(ROWS, start + 2000); i++) batch.push(values(clientRow(i, t0), dt));
    await c.query(`INSERT INTO clientes (${COLUMNS.join(', ')}) VALUES ?`, [batch]);
  }
  await c.query('ANALYZE TABLE clientes');
  await c.end();
}

// ---------- server

async function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function startServer(env) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'backend', 'dist', 'main.js')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), HOST: '127.0.0.1', MASTER_PASSWORD, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`o servidor terminou:\n${out}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) throw new Error(`o servidor não respondeu:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

// ---------- load

/** `concurrency` loops on keep-alive connections for `seconds`; latencies in ms. */
async function load(base, url, headers, concurrency) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const target = new URL(base + url);
  const latencies = [];
  let errors = 0;
  let bytes = 0;
  const until = performance.now() + SECONDS * 1000;
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
  const worker = async () => {
    while (performance.now() < until) await one();
  };
  // A short warm-up, not counted.
  for (let i = 0; i < concurrency; i++) await one();
  latencies.length = 0;
  errors = 0;
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
  return { n: latencies.length, errors, p50: q(0.5), p99: q(0.99), rps: latencies.length / SECONDS, avgBytes: bytes / Math.max(1, latencies.length) };
}

const list = (filter, range = [0, 24], sort) =>
  `/api/clientes?range=${encodeURIComponent(JSON.stringify(range))}` +
  (filter ? `&filter=${encodeURIComponent(JSON.stringify(filter))}` : '') +
  (sort ? `&sort=${encodeURIComponent(JSON.stringify(sort))}` : '');

async function main() {
  if (!args.includes('--no-build')) {
    console.log('Compilando @veritas/common e @veritas/backend...');
    execSync('npm run build -w @veritas/common && npm run build -w @veritas/backend', { cwd: ROOT, stdio: 'ignore' });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veritas-bench-'));
  let dbUrl;
  let dropDb = async () => {};
  if (MYSQL) {
    const mysql = require('mysql2/promise');
    const name = `veritas_bench_${Date.now()}`;
    const admin = await mysql.createConnection(MYSQL);
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await admin.end();
    dbUrl = `${MYSQL.replace(/\/$/, '')}/${name}`;
    dropDb = async () => {
      const c = await mysql.createConnection(MYSQL);
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
    };
  }
  const env = { DATA_DIR: dataDir, ...(dbUrl ? { DATABASE_URL: dbUrl } : {}) };

  // First start: migrations create the schema; then the clients go in while it is stopped.
  let server = await startServer(env);
  await server.stop();
  const t = performance.now();
  if (dbUrl) await loadMysql(dbUrl);
  else await loadSqlite(path.join(dataDir, 'app.sqlite'));
  console.log(`${ROWS.toLocaleString('pt-BR')} clientes inseridos em ${((performance.now() - t) / 1000).toFixed(1)} s (${dbUrl ? 'MariaDB/MySQL' : 'SQLite'}).`);

  server = await startServer(env);
  try {
    const login = await fetch(`${server.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'master@veritas.com.br', password: MASTER_PASSWORD }),
    });
    const { token } = await login.json();
    const auth = { authorization: `Bearer ${token}` };
    const check = await (await fetch(server.base + list({ q: 'acucar' }), { headers: auth })).json();
    console.log(`(conferência: q=acucar → ${check.total} clientes)`);

    const scenarios = [
      ['GET /api/health (referência)', '/api/health', {}],
      ['lista, 1ª página (25), mais novos', list(null), auth],
      ['lista, página 2.000 (offset 50.000)', list(null, [50_000, 50_024]), auth],
      ['busca comum "comercio" (≈6 mil), 1ª página', list({ q: 'comercio' }), auth],
      ['busca comum + aba ativos, página 10', list({ q: 'comercio', status: 'ativos' }, [225, 249]), auth],
      ['busca rara "contato4242@" (1 cliente)', list({ q: 'contato4242@' }), auth],
      ['busca por CNPJ com máscara "10.004.242"', list({ q: '10.004.242' }), auth],
      ['busca sem resultado "zzzz"', list({ q: 'zzzz' }), auth],
      ['busca "são joão" ordenada por razão social', list({ q: 'são joão' }, [0, 24], ['razaoSocial', 'ASC']), auth],
    ];
    for (const concurrency of CONCURRENCIES) {
      console.log(`\n${concurrency} ${concurrency === 1 ? 'conexão' : 'conexões simultâneas'}, ${SECONDS} s por cenário, mesmo servidor (× = razão para o health):\n`);
      console.log('cenário'.padEnd(52), 'req/s'.padStart(7), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'p50 ×'.padStart(7), 'p99 ×'.padStart(7), 'erros'.padStart(6));
      let baseline;
      for (const [name, url, headers] of scenarios) {
        const r = await load(server.base, url, headers, concurrency);
        baseline ??= r;
        console.log(
          name.padEnd(52),
          r.rps.toFixed(0).padStart(7),
          r.p50.toFixed(1).padStart(8),
          r.p99.toFixed(1).padStart(8),
          (r.p50 / baseline.p50).toFixed(1).padStart(7),
          (r.p99 / baseline.p99).toFixed(1).padStart(7),
          String(r.errors).padStart(6),
        );
      }
    }
  } finally {
    await server.stop();
    if (args.includes('--keep')) {
      console.log(`\nDados mantidos em ${dbUrl ?? dataDir}`);
    } else {
      await dropDb();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
