#!/usr/bin/env node
/**
 * The firm's working day, compressed: `--connections` keep-alive connections (200) for `--seconds`
 * (60) over a mix of staff lists, searches and details, status changes, client-portal reads and new
 * registros, contact-form posts and logins, with GET /api/health in the same mix as the baseline.
 * Prints the request count, the answers that were not 2xx by status, and p50/p99 per operation.
 *
 *   node bench/load.mjs [--seconds 60] [--connections 200] [--mysql mysql://root@127.0.0.1:3306]
 *                       [--clientes 40] [--registros 600] [--no-build] [--keep]
 *                       [--instances 2 --redis redis://127.0.0.1:6379]
 *
 * With `--instances N` (needs --mysql) N servers share the database, Redis (a prefix of their own),
 * the JWT secret and DATA_DIR (a volume both mount); the first runs the background jobs
 * (BACKGROUND_JOBS=false on the others) and requests go round-robin, one each in turn, as a load
 * balancer would. bench/two-instances.mjs runs one and two and compares them.
 *
 * The built server runs on a fresh SQLite DATA_DIR (or a scratch MySQL/MariaDB database) with the
 * product's password hashing (not the tests' fast one). Every request comes from 127.0.0.1, so the
 * per-IP limits meant for one person would stop the bench after a few dozen requests: the server is
 * started with them raised (listed in the output). Not a test: nothing passes or fails.
 */
import { randomBytes } from 'node:crypto';
import * as http from 'node:http';
import { buildBackend, json, listUrl, login, parseArgs, percentile, printTable, require, scratchData, startServer } from './support.mjs';

const common = require('@veritas/common');
const args = parseArgs();
const SECONDS = Number(args.opt('seconds', 60));
const CONNECTIONS = Number(args.opt('connections', 200));
const MYSQL = args.opt('mysql', null);
const CLIENTES = Number(args.opt('clientes', 40));
const REGISTROS = Number(args.opt('registros', 600));
const INSTANCES = Number(args.opt('instances', 1));
const REDIS = args.opt('redis', 'redis://127.0.0.1:6379');
if (INSTANCES > 1 && !MYSQL) {
  console.error('--instances > 1 precisa de --mysql (réplicas compartilham o banco; SQLite é o modo de um processo só).');
  process.exit(2);
}
const STAFF_PASSWORD = 'Equipe!2026';
const CLIENT_PASSWORD = 'Cliente!2026';

/** Raised for the bench: one machine plays every person of the firm and every visitor. */
const LIMITS = {
  LOGIN_MAX_FAILURES_PER_IP: '100000',
  CONTACT_RATE_PER_IP: '100000',
  REGISTER_RATE_PER_IP: '100000',
  PASSWORD_RESET_RATE_PER_IP: '100000',
  LOOKUP_RATE_PER_IP: '10000',
};

// ---------- a small deterministic random source (the same mix on every run)

let seed = 0x9e3779b9;
const random = () => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 2 ** 32;
};
const pick = (list) => list[Math.floor(random() * list.length)];

// ---------- setup through the API

let cnpjSeq = 0;
function cnpj() {
  const base = `${String(30_000_000 + (Date.now() % 1_000_000) * 10 + cnpjSeq++).slice(-8)}0001`;
  return base + common.cnpjCheckDigits(base);
}

async function setup(base) {
  const master = await login(base);
  const staff = [];
  for (let i = 0; i < 8; i++) {
    const isDir = i === 0;
    const r = await json(base, '/api/users', {
      method: 'POST',
      token: master,
      body: { username: `carga.${i}`, nomeCompleto: `Pessoa de Carga ${i}`, password: STAFF_PASSWORD, isAdmin: isDir, permissions: [isDir ? 'Diretoria' : 'Associados'] },
    });
    staff.push({ email: r.data.email, token: await login(base, r.data.email, STAFF_PASSWORD) });
  }
  const clientes = [];
  for (let i = 0; i < CLIENTES; i++) {
    const email = `cliente${i}.${Date.now()}@carga.com.br`;
    const r = await json(base, '/api/clientes/register', {
      method: 'POST',
      body: { razaoSocial: `Empresa de Carga ${i} Ltda`, cnpj: cnpj(), email, password: CLIENT_PASSWORD, telefone: '(11) 3333-4444', cep: '01310-100', cidade: 'São Paulo', estado: 'SP' },
    });
    const token = (await json(base, '/api/clientes/login', { method: 'POST', body: { email, password: CLIENT_PASSWORD } })).token;
    clientes.push({ id: r.data._id, email, token });
  }
  const registros = [];
  for (let i = 0; i < REGISTROS; i++) {
    const c = clientes[i % clientes.length];
    const r = await json(base, '/api/registros', { method: 'POST', token: c.token, body: { servico: common.SERVICOS_CATALOGO[i % common.SERVICOS_CATALOGO.length].codigo, descricao: `Pedido de carga ${i}` } });
    registros.push({ id: r.data._id, status: 'pendente' });
  }
  return { master, staff, clientes, registros };
}

// ---------- the mix

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

let turn = 0;
/** Round-robin over the instances, one request each in turn. */
function send(bases, method, path, { body, token } = {}) {
  const base = bases[turn++ % bases.length];
  const url = new URL(base + path);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const t = performance.now();
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        agent,
        headers: { ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - t }));
      },
    );
    req.on('error', (err) => resolve({ status: `conexão ${err.code ?? err.message}`, ms: performance.now() - t }));
    if (payload) req.write(payload);
    req.end();
  });
}

const WORDS = ['comércio', 'padaria', 'ltda', 'carga 1', 'empresa', '0001', 'são paulo'];

/** [name, weight, (ctx, connection index) → [method, path, options]] */
function operations(ctx) {
  const staffToken = () => pick(ctx.staff).token;
  const cliente = () => pick(ctx.clientes);
  let contato = 0;
  let wrong = 0;
  return [
    ['GET /api/health (base)', 5, () => ['GET', '/api/health']],
    ['equipe: lista de registros', 14, () => ['GET', listUrl('/api/registros', pick([undefined, { aberto: true }, { status: 'pendente' }, { vencido: true }]), [0, 24], ['createdAt', 'DESC']), { token: staffToken() }]],
    ['equipe: busca de registros', 7, () => ['GET', listUrl('/api/registros', { q: pick(WORDS) }), { token: staffToken() }]],
    ['equipe: lista/busca de clientes', 9, () => ['GET', listUrl('/api/clientes', random() < 0.5 ? undefined : { q: pick(WORDS) }, [0, 24], ['razaoSocial', 'ASC']), { token: staffToken() }]],
    ['equipe: detalhe de registro', 9, () => ['GET', `/api/registros/${pick(ctx.registros).id}`, { token: ctx.master }]],
    ['equipe: detalhe de cliente', 5, () => ['GET', `/api/clientes/${cliente().id}`, { token: staffToken() }]],
    ['equipe: painel (dashboard)', 3, () => ['GET', '/api/dashboard', { token: staffToken() }]],
    [
      'equipe: mudança de status',
      5,
      (c) => {
        // Each connection toggles only its own registros (pendente ⇄ andamento), so none collide.
        const own = ctx.registros.filter((_, i) => i % CONNECTIONS === c);
        const r = own.length ? pick(own) : pick(ctx.registros);
        const to = r.status === 'pendente' ? 'andamento' : 'pendente';
        r.status = to;
        return ['PUT', `/api/registros/${r.id}/status`, { token: ctx.master, body: { status: to, note: 'Movido pela carga.' } }];
      },
    ],
    ['cliente: meus dados', 7, () => ['GET', '/api/clientes/me', { token: cliente().token }]],
    ['cliente: meus registros', 10, () => ['GET', listUrl('/api/registros/me'), { token: cliente().token }]],
    ['cliente: meus documentos', 5, () => ['GET', listUrl('/api/documentos/me'), { token: cliente().token }]],
    ['cliente: novo registro', 4, () => ['POST', '/api/registros', { token: cliente().token, body: { servico: pick(common.SERVICOS_CATALOGO).codigo, descricao: 'Pedido feito durante a carga.' } }]],
    [
      'site: formulário de contato',
      3,
      () => [
        'POST',
        '/api/contato',
        { body: { nome: `Visitante ${++contato}`, email: `visitante${contato}@exemplo.com.br`, telefone: '(11) 98888-7777', assunto: 'Abertura de Empresas', mensagem: 'Gostaria de abrir uma empresa.', aceiteTermos: true } },
      ],
    ],
    ['login da equipe', 1, () => ['POST', '/api/auth/login', { body: { email: pick(ctx.staff).email, password: STAFF_PASSWORD } }]],
    ['login do cliente', 1, () => ['POST', '/api/clientes/login', { body: { email: cliente().email, password: CLIENT_PASSWORD } }]],
    // Wrong guesses, each on an e-mail of its own (under the per-e-mail limit); answered 401.
    ['login errado (401 esperado)', 1, () => ['POST', '/api/auth/login', { body: { email: `ninguem${++wrong}@veritas.com.br`, password: 'Errada!2026' } }]],
  ];
}

// ---------- run

if (!args.has('no-build')) buildBackend();
const data = await scratchData(MYSQL);
const shared = INSTANCES > 1 ? { REDIS_URL: REDIS, REDIS_PREFIX: `veritas-bench:${randomBytes(4).toString('hex')}:`, JWT_SECRET: randomBytes(32).toString('hex') } : {};
const servers = [];
try {
  for (let i = 0; i < INSTANCES; i++) servers.push(await startServer({ ...data.env, ...LIMITS, ...shared, ...(i > 0 ? { BACKGROUND_JOBS: 'false' } : {}) }));
} catch (err) {
  await Promise.all(servers.map((s) => s.stop()));
  await data.remove();
  throw err;
}
const server = servers[0];
const bases = servers.map((s) => s.base);
try {
  console.log(`\nCarga: ${CONNECTIONS} conexões por ${SECONDS} s, ${data.label}, hash de senha do produto, ${INSTANCES} instância(s)${INSTANCES > 1 ? ' (rodízio, Redis compartilhado)' : ''}.`);
  console.log(`Limites por IP elevados para a carga (tudo vem de 127.0.0.1): ${Object.entries(LIMITS).map(([k, v]) => `${k}=${v}`).join(', ')}.`);
  const t0 = performance.now();
  const ctx = await setup(server.base);
  console.log(`Preparação: ${ctx.staff.length} pessoas da equipe, ${ctx.clientes.length} clientes, ${ctx.registros.length} registros (${((performance.now() - t0) / 1000).toFixed(1)} s).\n`);

  const ops = operations(ctx);
  const totalWeight = ops.reduce((a, [, w]) => a + w, 0);
  const choose = () => {
    let r = random() * totalWeight;
    for (const op of ops) if ((r -= op[1]) < 0) return op;
    return ops[0];
  };
  const stats = new Map(ops.map(([name]) => [name, { lat: [], statuses: new Map() }]));
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, c) => {
      while (performance.now() < until) {
        const [name, , make] = choose();
        const [method, path, opts] = make(ctx, c);
        const { status, ms } = await send(bases, method, path, opts);
        const s = stats.get(name);
        s.lat.push(ms);
        s.statuses.set(status, (s.statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  agent.destroy();

  const all = [...stats.values()];
  const total = all.reduce((a, s) => a + s.lat.length, 0);
  const byStatus = new Map();
  for (const s of all) for (const [st, n] of s.statuses) byStatus.set(st, (byStatus.get(st) ?? 0) + n);
  const notOk = [...byStatus.entries()].filter(([st]) => !(typeof st === 'number' && st < 300));
  console.log(`Requisições: ${total} em ${SECONDS} s (${(total / SECONDS).toFixed(0)}/s).`);
  console.log(`Respostas por status: ${[...byStatus.entries()].sort().map(([st, n]) => `${st}×${n}`).join('  ')}`);
  console.log(`Fora de 2xx: ${notOk.length ? notOk.map(([st, n]) => `${st}×${n}`).join('  ') : 'nenhuma'} (401 esperados só em "login errado").\n`);
  const row = printTable([['operação', 34], ['n', 7], ['p50 ms', 9], ['p99 ms', 9], ['não-2xx', 24]]);
  for (const [name, s] of stats) {
    s.lat.sort((a, b) => a - b);
    const bad = [...s.statuses.entries()].filter(([st]) => !(typeof st === 'number' && st < 300)).map(([st, n]) => `${st}×${n}`).join(' ');
    row(name, s.lat.length, percentile(s.lat, 0.5).toFixed(1), percentile(s.lat, 0.99).toFixed(1), bad || '0');
  }
  const work = [...stats.entries()].filter(([name]) => !name.startsWith('GET /api/health')).flatMap(([, s]) => s.lat).sort((a, b) => a - b);
  const health = stats.get('GET /api/health (base)').lat;
  const summary = { instances: INSTANCES, seconds: SECONDS, connections: CONNECTIONS, requests: total, rps: Math.round(total / SECONDS), p99: +percentile(work, 0.99).toFixed(1), p50: +percentile(work, 0.5).toFixed(1), healthP99: +percentile(health, 0.99).toFixed(1), healthP50: +percentile(health, 0.5).toFixed(1), notOk: notOk.reduce((a, [, n]) => a + n, 0) };
  console.log(`\nSaúde ao fim: ${(await Promise.all(bases.map(async (b) => (await fetch(`${b}/api/health`)).status))).join(', ')}`);
  console.log(`RESUMO ${JSON.stringify(summary)}`);
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await data.remove({ keep: args.has('keep') });
}
