#!/usr/bin/env node
/**
 * GET /api/clientes under concurrent load with 100,000 clients, beside GET /api/health on the same
 * server in the same run (the baseline). Prints p50/p99 of each and the ratio to health.
 *
 *   node bench/clientes-list.mjs [--rows 100000] [--concurrency 1,16] [--seconds 5]
 *                                [--mysql mysql://root@127.0.0.1:3306] [--no-build] [--keep] [--data <DATA_DIR kept earlier>]
 *                                [--escritas MS]  (while the load runs, a client changed every MS ms: see below)
 *
 * The built server (node backend/dist/main.js) runs on a fresh SQLite DATA_DIR, or on a scratch
 * MySQL/MariaDB database that is dropped at the end. The clients come from the demo seeder
 * (`npm run seed:demo -- --clientes N --registros 0`: the app's own bulk path, so `busca` and the
 * search indexes are what the API writes), and the searched terms from the seeded clients (printed).
 * Each scenario is requested once before the load and must answer 200 with the rows it is about.
 * With --escritas MS, one client's nome fantasia is changed through the API (PUT /api/clientes/:id, as the
 * master) every MS ms while the load runs: each change makes every kept page stale, so the pages are made
 * again as they are after writes in real use, not only given again. Not a test: no time passes or fails.
 */
import {
  benchData,
  BROWSER_ENCODING,
  buildBackend,
  checkScenarios,
  compareAtConcurrencies,
  json,
  listUrl,
  login,
  nameWidthOf,
  parseArgs,
  periodicWrites,
  refreshStats,
  require,
  runMain,
  seedDemo,
  startServer,
  withDatabase,
} from './support.mjs';

const common = require('@veritas/common');

const args = parseArgs();
const ROWS = Number(args.opt('rows', 100_000));
const CONCURRENCIES = String(args.opt('concurrency', '1,16')).split(',').map(Number);
const SECONDS = Number(args.opt('seconds', 5));
const MYSQL = args.opt('mysql', null);
const ESCRITAS_MS = Number(args.opt('escritas', 0));

const list = (filter, range, sort) => listUrl('/api/clientes', filter, range, sort);
const fold = (s) => common.normalizeSearch(s);
/** The key of a map's largest value (ties: the first in alphabetical order). */
const mostFrequent = (counts) => [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];

/**
 * The searched terms, from the seeded clients (the seeder makes their names up at random):
 * - comum: the word (4+ letters, folded) in the most razões sociais, the last word (the legal form:
 *   Ltda, S.A., ME...) left out: a search matching a good part of the firm;
 * - nome: the two consecutive words (3+ letters each) most often in them, the last word left out, as
 *   written (accents and all): a two-word fragment of many names;
 * - raro: the local part of the middle client's e-mail with its "@": one client;
 * - cnpj: the masked root ("12.345.678") of a client's numeric CNPJ: a prefix of the unique index.
 */
async function pickTerms(data) {
  const clientes = await withDatabase(data, (query) => query('SELECT razaoSocial, email, cnpj FROM clientes ORDER BY createdAt, id'));
  if (!clientes.length) throw new Error('o seeder não gravou nenhum cliente');
  const words = new Map();
  const pairs = new Map();
  const written = new Map(); // a folded pair → as first written
  for (const { razaoSocial } of clientes) {
    const w = razaoSocial.split(/\s+/).slice(0, -1);
    const f = w.map(fold);
    for (const word of new Set(f.filter((x) => /^[a-z]{4,}$/.test(x)))) words.set(word, (words.get(word) ?? 0) + 1);
    const own = new Set();
    for (let i = 0; i + 1 < w.length; i++) {
      if (!/^[a-z]{3,}$/.test(f[i]) || !/^[a-z]{3,}$/.test(f[i + 1])) continue;
      const key = `${f[i]} ${f[i + 1]}`;
      own.add(key);
      if (!written.has(key)) written.set(key, `${w[i]} ${w[i + 1]}`.toLowerCase());
    }
    for (const key of own) pairs.set(key, (pairs.get(key) ?? 0) + 1);
  }
  const [comum, comumN] = mostFrequent(words);
  const [nomeKey, nomeN] = mostFrequent(pairs);
  const middle = clientes[Math.floor(clientes.length / 2)];
  const raro = `${middle.email.split('@')[0]}@`;
  const numerico = [...clientes.slice(clientes.length >> 1), ...clientes].find((c) => /^\d{14}$/.test(c.cnpj));
  if (!numerico) throw new Error('nenhum cliente semeado tem CNPJ numérico');
  const cnpj = `${numerico.cnpj.slice(0, 2)}.${numerico.cnpj.slice(2, 5)}.${numerico.cnpj.slice(5, 8)}`;
  return { comum, comumN, nome: written.get(nomeKey), nomeN, raro, cnpj };
}

/** "≈6 mil", "≈640". */
const about = (n) => (n >= 1000 ? `${Math.round(n / 1000).toLocaleString('pt-BR')} mil` : n.toLocaleString('pt-BR'));

async function main() {
  if (!args.has('no-build')) buildBackend();
  const data = await benchData(args, MYSQL);
  let server;
  try {
    if (!data.reused) {
      // First start: migrations create the schema and the master; then the seeder, while it is stopped.
      server = await startServer(data.env);
      await server.stop();
      server = null;
      seedDemo(data, { clientes: ROWS, registros: 0 });
      await refreshStats(data, ['clientes']);
    }
    const t = await pickTerms(data);
    console.log(
      `Termos, dos clientes semeados: comum "${t.comum}" (em ${t.comumN.toLocaleString('pt-BR')} razões sociais), ` +
        `nome "${t.nome}" (em ${t.nomeN.toLocaleString('pt-BR')}), raro "${t.raro}", CNPJ com máscara "${t.cnpj}".`,
    );

    server = await startServer(data.env);
    const token = await login(server.base);
    const auth = { authorization: `Bearer ${token}` };
    // The deep pages: as deep as asked, or the middle of fewer rows / matches.
    const fundo = Math.min(50_000, Math.floor(ROWS / 2 / 25) * 25);
    const ativos = (await json(server.base, list({ q: t.comum, status: 'ativos' }), { token })).total;
    const pagina = Math.max(1, Math.min(10, Math.ceil(ativos / 25)));

    const scenarios = [
      ['GET /api/health (referência)', '/api/health', {}],
      ['lista, 1ª página (25), mais novos', list(null), auth, { min: Math.min(25, ROWS) }],
      ['a mesma, como um navegador (gzip/br)', list(null), { ...auth, ...BROWSER_ENCODING }, { min: Math.min(25, ROWS) }],
      [`lista, página ${(fundo / 25).toLocaleString('pt-BR')} (offset ${fundo.toLocaleString('pt-BR')})`, list(null, [fundo, fundo + 24]), auth, { min: 1 }],
      [`busca comum "${t.comum}" (≈${about(t.comumN)}), 1ª página`, list({ q: t.comum }), auth, { min: 1 }],
      [`busca comum + aba ativos, página ${pagina}`, list({ q: t.comum, status: 'ativos' }, [(pagina - 1) * 25, pagina * 25 - 1]), auth, { min: 1 }],
      [`busca rara "${t.raro}" (1 cliente)`, list({ q: t.raro }), auth, { total: 1 }],
      [`busca por CNPJ com máscara "${t.cnpj}"`, list({ q: t.cnpj }), auth, { min: 1 }],
      ['busca sem resultado "zzzz"', list({ q: 'zzzz' }), auth, { total: 0 }],
      [`busca "${t.nome}" ordenada por razão social`, list({ q: t.nome }, [0, 24], ['razaoSocial', 'ASC']), auth, { min: 1 }],
    ];
    await checkScenarios(server.base, scenarios);
    const alvo = (await json(server.base, list(null), { token })).data[0]._id;
    const mudar = (n) => json(server.base, `/api/clientes/${alvo}`, { method: 'PUT', body: { nomeFantasia: `Fantasia ${n}` }, token });
    const escritas = ESCRITAS_MS > 0 ? periodicWrites(ESCRITAS_MS, mudar) : null;
    await compareAtConcurrencies({ base: server.base, scenarios, pid: server.pid, concurrencies: CONCURRENCIES, seconds: SECONDS, nameWidth: nameWidthOf(scenarios, 52) });
    if (escritas) console.log(`escritas durante a medida: ${await escritas.stop()} (um cliente mudado a cada ${ESCRITAS_MS} ms; cada uma torna velhas as páginas guardadas)`);
  } finally {
    await server?.stop();
    await data.remove({ keep: args.has('keep') });
  }
}

runMain(main);
