#!/usr/bin/env node
/**
 * GET /api/registros (the staff list: filtered, searched, sorted and paged in SQL) with 200,000
 * registros, beside GET /api/health on the same server in the same run (the baseline). Prints
 * p50/p99 of each and the ratio to health.
 *
 *   node bench/registros.mjs [--rows 200000] [--clientes 2000] [--concurrency 8] [--seconds 5]
 *                            [--mysql mysql://root@127.0.0.1:3306] [--no-build] [--keep]
 *
 * The built server (node backend/dist/main.js) runs on a fresh SQLite DATA_DIR, or on a scratch
 * MySQL/MariaDB database dropped at the end. A first start creates the schema and an associado
 * (through the API); the rows are then bulk-inserted in SQL while the server is stopped. Requests go
 * only to 127.0.0.1, from a fixed number of loops for a fixed time. Not a test: nothing passes or fails.
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
const MASTER_PASSWORD = 'Master!2026pw';
const STAFF_PASSWORD = 'Equipe!2026';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] && !args[i + 1].startsWith('--') ? args[i + 1] : fallback;
};
const ROWS = Number(opt('rows', 200_000));
const CLIENTES = Number(opt('clientes', 2_000));
const CONCURRENCY = Number(opt('concurrency', 8));
const SECONDS = Number(opt('seconds', 5));
const MYSQL = opt('mysql', null);
const STAFF = 10;

// ---------- data

const PREFIX = ['Comércio', 'Indústria', 'Padaria', 'Construtora', 'Transportes', 'Farmácia', 'Clínica', 'Mercado', 'Auto Peças', 'Confecções'];
const MIDDLE = ['São João', 'Boa Vista', 'Paulista', 'Estrela', 'União', 'Progresso', 'Horizonte', 'Atlântico', 'Ipê', 'Aurora'];
const pick = (list, i) => list[i % list.length];
const uuid = (kind, i) => `00000000-0000-4${kind}00-8000-${String(i).padStart(12, '0')}`;
const today = common.todayInSaoPaulo();

/** Rows are 5 minutes apart (about two years); the last 90 days are the firm's current work. */
const SPACING_MS = 300_000;
const RECENT = Math.round((90 * 86_400_000) / SPACING_MS);

/**
 * As a firm's history looks: what is older than 90 days is closed; of the recent ones about 45% are
 * still open (some of them late, a few without a responsible yet).
 */
function statusOf(i) {
  const r = (i * 7919) % 100;
  if (i < ROWS - RECENT) return r < 85 ? 'concluido' : r < 95 ? 'cancelado' : 'recusado';
  if (r < 40) return 'concluido';
  if (r < 65) return 'andamento';
  if (r < 85) return 'pendente';
  if (r < 95) return 'cancelado';
  return 'recusado';
}

function clienteRow(i, t0) {
  const root = String(20_000_000 + i).padStart(8, '0');
  const base = `${root}0001`;
  const cnpj = base + common.cnpjCheckDigits(base);
  const razaoSocial = `${pick(PREFIX, i)} ${pick(MIDDLE, Math.floor(i / 10))} ${i} Ltda`;
  const email = `contato${i}@empresa${i}.com.br`;
  const busca = common.normalizeSearch([razaoSocial, '', email, cnpj].join(' ')).slice(0, 700);
  const createdAt = new Date(t0 + i * 60_000);
  return [uuid('1', i), createdAt, createdAt, razaoSocial, cnpj, email, 'Brasil', 'x', 'ativo', busca];
}
const CLIENTE_COLUMNS = ['id', 'createdAt', 'updatedAt', 'razaoSocial', 'cnpj', 'email', 'pais', 'passwordHash', 'status', 'busca'];

function registroRow(i, t0, staffIds) {
  const servico = common.SERVICOS_CATALOGO[i % common.SERVICOS_CATALOGO.length];
  const createdAt = new Date(t0 + i * SPACING_MS);
  const status = statusOf(i);
  const day = createdAt.toISOString().slice(0, 10);
  // Calendar days are close enough for data (the API computes real business days).
  const prazo = common.addCalendarDays(day, Math.round(servico.slaDiasUteis * 1.4));
  const responsavelId = status === 'pendente' && i % 2 === 0 ? null : staffIds[i % staffIds.length];
  return [
    uuid('2', i),
    createdAt,
    createdAt,
    `${day.slice(0, 4)}-${String(i + 1).padStart(6, '0')}`,
    uuid('1', (i * 31) % CLIENTES),
    servico.codigo,
    servico.nome,
    `Pedido ${i} de ${servico.nome.toLowerCase()}`,
    status,
    responsavelId,
    servico.slaDiasUteis,
    prazo,
    status === 'concluido' || status === 'cancelado' || status === 'recusado' ? createdAt : null,
  ];
}
const REGISTRO_COLUMNS = ['id', 'createdAt', 'updatedAt', 'numero', 'clienteId', 'servico', 'tipo', 'descricao', 'status', 'responsavelId', 'slaDiasUteis', 'prazo', 'encerradoEm'];

const userRow = (i, t0) => [uuid('3', i), new Date(t0), new Date(t0), `bench.${i}`, `Pessoa Bench ${i}`, `bench.${i}@veritas.com.br`, 'x', 0, '["Associados"]'];
const USER_COLUMNS = ['id', 'createdAt', 'updatedAt', 'username', 'nomeCompleto', 'email', 'passwordHash', 'isAdmin', 'permissions'];

function* rowsOf(count, make) {
  for (let i = 0; i < count; i++) yield make(i);
}

async function loadSqlite(file, staffIds) {
  const Database = require('better-sqlite3');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // TypeORM's better-sqlite3 driver writes datetimes as 'YYYY-MM-DD HH:MM:SS.SSS' in UTC.
  const dt = (v) => (v instanceof Date ? v.toISOString().replace('T', ' ').replace('Z', '') : v);
  const put = (table, columns, rows) => {
    const st = db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
    db.transaction(() => {
      for (const r of rows) st.run(r.map(dt));
    })();
  };
  const t0 = Date.now() - ROWS * SPACING_MS;
  put('users', USER_COLUMNS, rowsOf(STAFF - 1, (i) => userRow(i, t0)));
  put('clientes', CLIENTE_COLUMNS, rowsOf(CLIENTES, (i) => clienteRow(i, t0)));
  put('registros', REGISTRO_COLUMNS, rowsOf(ROWS, (i) => registroRow(i, t0, staffIds)));
  db.exec('ANALYZE');
  db.close();
}

async function loadMysql(url, staffIds) {
  const mysql = require('mysql2/promise');
  const c = await mysql.createConnection(url);
  const dt = (v) => (v instanceof Date ? v.toISOString().slice(0, 19).replace('T', ' ') : v);
  const put = async (table, columns, rows) => {
    let batch = [];
    for (const r of rows) {
      batch.push(r.map(dt));
      if (batch.length === 2000) {
        await c.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ?`, [batch]);
        batch = [];
      }
    }
    if (batch.length) await c.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ?`, [batch]);
  };
  const t0 = Date.now() - ROWS * SPACING_MS;
  await put('users', USER_COLUMNS, rowsOf(STAFF - 1, (i) => userRow(i, t0)));
  await put('clientes', CLIENTE_COLUMNS, rowsOf(CLIENTES, (i) => clienteRow(i, t0)));
  await put('registros', REGISTRO_COLUMNS, rowsOf(ROWS, (i) => registroRow(i, t0, staffIds)));
  await c.query('ANALYZE TABLE users, clientes, registros');
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
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), HOST: '127.0.0.1', MASTER_PASSWORD, SMTP_PORT: '0', NO_COLOR: '1', ...env },
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

async function json(base, url, { method = 'GET', body, token } = {}) {
  const res = await fetch(base + url, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(data)}`);
  return data;
}

// ---------- load

/** `CONCURRENCY` loops on keep-alive connections for `SECONDS`; latencies in ms. */
async function load(base, url, headers) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const target = new URL(base + url);
  const latencies = [];
  let errors = 0;
  const until = () => performance.now() >= deadline;
  let deadline = Infinity;
  const one = () =>
    new Promise((resolve) => {
      const t = performance.now();
      const req = http.get({ host: target.hostname, port: target.port, path: target.pathname + target.search, agent, headers }, (res) => {
        res.resume();
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
  // A short warm-up, not counted.
  for (let i = 0; i < CONCURRENCY; i++) await one();
  latencies.length = 0;
  errors = 0;
  deadline = performance.now() + SECONDS * 1000;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (!until()) await one();
  }));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
  return { n: latencies.length, errors, p50: q(0.5), p99: q(0.99), rps: latencies.length / SECONDS };
}

const list = (filter, range = [0, 24], sort) =>
  `/api/registros?range=${encodeURIComponent(JSON.stringify(range))}` +
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

  let server;
  try {
    // First start: migrations create the schema, and the API creates the associado we sign in as.
    server = await startServer(env);
    const master = (await json(server.base, '/api/auth/login', { method: 'POST', body: { email: 'master@veritas.com.br', password: MASTER_PASSWORD } })).token;
    const assoc = (await json(server.base, '/api/users', { method: 'POST', token: master, body: { username: 'assoc.bench', nomeCompleto: 'Associado Bench', password: STAFF_PASSWORD, isAdmin: false, permissions: ['Associados'] } })).data;
    await server.stop();
    server = null;

    const staffIds = [assoc._id, ...Array.from({ length: STAFF - 1 }, (_, i) => uuid('3', i))];
    const t = performance.now();
    if (dbUrl) await loadMysql(dbUrl, staffIds);
    else await loadSqlite(path.join(dataDir, 'app.sqlite'), staffIds);
    console.log(
      `${ROWS.toLocaleString('pt-BR')} registros de ${CLIENTES.toLocaleString('pt-BR')} clientes inseridos em ` +
        `${((performance.now() - t) / 1000).toFixed(1)} s (${dbUrl ? 'MariaDB/MySQL' : 'SQLite'}).`,
    );

    server = await startServer(env);
    const token = (await json(server.base, '/api/auth/login', { method: 'POST', body: { email: 'master@veritas.com.br', password: MASTER_PASSWORD } })).token;
    const assocToken = (await json(server.base, '/api/auth/login', { method: 'POST', body: { email: assoc.email, password: STAFF_PASSWORD } })).token;
    const auth = { authorization: `Bearer ${token}` };
    const asAssoc = { authorization: `Bearer ${assocToken}` };
    const numero = `${new Date(Date.now() - (ROWS / 2) * SPACING_MS).toISOString().slice(0, 4)}-${String(ROWS / 2 + 1).padStart(6, '0')}`;
    const checks = [
      ['total', list(null)],
      ['andamento', list({ status: 'andamento' })],
      ['vencidos', list({ vencido: true })],
      ['"padaria estrela"', list({ q: 'padaria estrela' })],
      [numero, list({ q: numero })],
    ];
    const seen = [];
    for (const [name, url] of checks) seen.push(`${name}: ${(await json(server.base, url, { token })).total.toLocaleString('pt-BR')}`);
    console.log(`(conferência — ${seen.join('; ')}; hoje ${today})`);

    const scenarios = [
      ['GET /api/health (referência)', '/api/health', {}],
      ['lista, 1ª página (25), mais novos', list(null), auth],
      ['status andamento, 1ª página', list({ status: 'andamento' }), auth],
      ['status pendente + responsável', list({ status: 'pendente', responsavelId: staffIds[1] }), auth],
      ['por cliente (≈100 registros)', list({ clienteId: uuid('1', 42) }), auth],
      ['vencidos, por prazo', list({ vencido: true }, [0, 24], ['prazo', 'ASC']), auth],
      ['vencem em 3 dias úteis, por prazo', list({ venceEmDiasUteis: 3 }, [0, 24], ['prazo', 'ASC']), auth],
      ['serviço + abertos, página 20', list({ servico: 'abertura-empresas', aberto: true }, [475, 499]), auth],
      ['busca nome do cliente "padaria estrela"', list({ q: 'padaria estrela' }), auth],
      ['busca protocolo exato', list({ q: numero }), auth],
      ['página 4.000 (offset 100.000)', list(null, [100_000, 100_024]), auth],
      ['associado: os seus e sem responsável', list(null), asAssoc],
    ];
    console.log(`\n${CONCURRENCY} conexões simultâneas, ${SECONDS} s por cenário, mesmo servidor:\n`);
    console.log('cenário'.padEnd(42), 'req/s'.padStart(7), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'p50 ×'.padStart(7), 'p99 ×'.padStart(7), 'erros'.padStart(6));
    let baseline;
    for (const [name, url, headers] of scenarios) {
      const r = await load(server.base, url, headers);
      baseline ??= r;
      console.log(
        name.padEnd(42),
        r.rps.toFixed(0).padStart(7),
        r.p50.toFixed(1).padStart(8),
        r.p99.toFixed(1).padStart(8),
        (r.p50 / baseline.p50).toFixed(1).padStart(7),
        (r.p99 / baseline.p99).toFixed(1).padStart(7),
        String(r.errors).padStart(6),
      );
    }
  } finally {
    if (server) await server.stop();
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
