#!/usr/bin/env node
/**
 * Two builds of the server side by side on the same data, loaded in short alternating slices (A, B, A, B…),
 * so that whatever else slows this machine down during the run falls on both alike: for each build, the
 * req/s and the server's CPU ms per answer summed over its slices, the p99 of its slices (median and worst),
 * and B's figures relative to A's. On
 * machines whose speed wanders by half within minutes (seen here), a comparison of two builds run one after
 * the other measures the wandering; this one does not.
 *
 *   node bench/ab.mjs --a backend/dist-old/main.js --b backend/dist/main.js --data <DATA_DIR> --url '/api/registros?range=[0,24]'
 *     [--mysql mysql://root@127.0.0.1:3306/<banco mantido>] [--rounds 8] [--slice 2] [--concurrency 50]
 *     [--accept-encoding 'gzip, deflate, br, zstd']  (as a browser asks: compressed answers)
 *     [--usuarios N]  (N staff members of the Associados group, made for the run and signed in, one per connection
 *                      round the list, instead of the master on every connection; sockets load only)
 *
 * Both servers read the same database (SQLite's WAL lets them; MySQL/MariaDB serves both). Not a test.
 */
import { json, loadLoop, login, parseArgs, runMain, startServer } from './support.mjs';

const args = parseArgs();
const A = args.opt('a', null);
const B = args.opt('b', null);
const DATA = args.opt('data', null);
const MYSQL_DB = args.opt('mysql', null);
const URL_PATH = args.opt('url', '/api/health');
const ROUNDS = Number(args.opt('rounds', 8));
const SLICE = Number(args.opt('slice', 2));
const CONCURRENCY = Number(args.opt('concurrency', 50));
const ACCEPT_ENCODING = args.opt('accept-encoding', null);
const USUARIOS = Number(args.opt('usuarios', 0));

/** `n` staff members (Associados) made through the API for this run, with their e-mails and password. */
async function staffMembers(base, n) {
  const master = await login(base);
  const password = 'Carga!2026ab';
  const run = Date.now().toString(36);
  const out = [];
  for (let i = 0; i < n; i++) {
    const r = await json(base, '/api/users', {
      method: 'POST',
      token: master,
      body: { username: `ab.${run}.${i}`, nomeCompleto: `Pessoa de Carga ${i}`, password, isAdmin: false, permissions: ['Associados'] },
    });
    out.push({ email: r.data.email, password });
  }
  return out;
}

runMain(async () => {
  if (!A || !B || !DATA) throw new Error('use --a <main.js> --b <main.js> --data <DATA_DIR> [--url <caminho>]');
  const env = MYSQL_DB ? { DATA_DIR: DATA, DATABASE_URL: MYSQL_DB } : { DATA_DIR: DATA };
  const servers = [];
  try {
    for (const main of [A, B]) servers.push({ main, ...(await startServer(env, { main })), n: 0, cpu: 0, secs: 0, p99s: [] });
    const encoding = ACCEPT_ENCODING ? { 'accept-encoding': ACCEPT_ENCODING } : {};
    const people = USUARIOS > 0 ? await staffMembers(servers[0].base, USUARIOS) : null;
    for (const s of servers) {
      s.headers = people
        ? await Promise.all(people.map(async (p) => ({ authorization: `Bearer ${await login(s.base, p.email, p.password)}`, ...encoding })))
        : { authorization: `Bearer ${await login(s.base)}`, ...encoding };
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const s of round % 2 ? [...servers].reverse() : servers) {
        const r = await loadLoop({ url: s.base + encodeURI(URL_PATH), concurrency: CONCURRENCY, seconds: SLICE, headers: s.headers, pid: s.pid });
        s.cpu += r.cpuPerRequest * (r.n + r.errors);
        s.n += r.n;
        s.secs += SLICE;
        s.p99s.push(r.p99);
        if (r.errors) throw new Error(`${s.main}: ${r.errors} erros`);
      }
    }
    const [a, b] = servers.map((s) => ({ ...s, rps: s.n / s.secs, cpuPer: s.cpu / Math.max(1, s.n) }));
    for (const s of [a, b]) {
      const p99s = [...s.p99s].sort((x, y) => x - y);
      const p99 = `p99 das fatias: mediana ${p99s[Math.floor(p99s.length / 2)].toFixed(1)} ms, pior ${p99s.at(-1).toFixed(1)} ms`;
      console.log(`${s.main}: ${s.rps.toFixed(0)} req/s, CPU ${s.cpuPer.toFixed(3)} ms/resposta, ${p99}`);
    }
    console.log(`B/A: req/s ${(b.rps / a.rps).toFixed(3)}×, CPU por resposta ${(b.cpuPer / a.cpuPer).toFixed(3)}× (${URL_PATH}, ${ROUNDS} rodadas de ${SLICE} s)`);
  } finally {
    for (const s of servers) await s.stop();
  }
});
