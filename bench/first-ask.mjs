#!/usr/bin/env node
/**
 * Issue 57's "first ask": every list asked at a page, an offset or a term nobody asked before — the case of
 * every user who filters, pages on or types a new name — at 100,000 clients, 200,000 registros and 100,000
 * messages, beside GET /api/health of the same server in the same run (the baseline), with the kept
 * answers turned off (DATA_VERSIONS=false: every answer computed) and on.
 *
 *   node bench/first-ask.mjs [--clientes 100000] [--registros 200000] [--emails 100000] [--documentos 25000] [--concurrency 50]
 *                            [--seconds 6] [--kept off,on] [--only clientes,registros,documentos,cobrancas,emails]
 *                            [--mysql mysql://root@127.0.0.1:3306] [--no-build] [--keep] [--data DIR]
 *
 * Each scenario is a list of distinct paths that the load client takes in turn (bench/load-client.mjs: a
 * new URL each request, on every connection): offsets anywhere within the first 5,000 rows of the list (or of
 * its total, when smaller) with and without each filter its screen offers, new search terms, and the deep
 * pages (any of 4,000 pages, target p99 ≤ 100 ms). Each scenario's first path is asked once before the load
 * and must answer 200 with rows. Targets: p99 ≤ 50 ms (deep pages 100 ms) and ≥ 50 % of health's req/s;
 * the "meta" column says which scenarios meet both. Not a test: nothing passes or fails.
 */
import { randomInt } from 'node:crypto';
import {
  benchData,
  buildBackend,
  checkScenarios,
  compareScenarios,
  json,
  listUrl,
  login,
  nameWidthOf,
  parseArgs,
  refreshStats,
  runMain,
  seedDemo,
  startServer,
  withDatabase,
} from './support.mjs';

const args = parseArgs();
const CLIENTES = Number(args.opt('clientes', 100_000));
const REGISTROS = Number(args.opt('registros', 200_000));
const EMAILS = Number(args.opt('emails', 100_000));
/** Registros (the newest) whose checklists get their files: about four documents each. */
const DOCUMENTOS = Number(args.opt('documentos', 25_000));
const CONCURRENCY = Number(args.opt('concurrency', 50));
const SECONDS = Number(args.opt('seconds', 6));
const KEPT = String(args.opt('kept', 'off,on')).split(',');
const ONLY = args.opt('only', null)?.split(',') ?? null;
const MYSQL = args.opt('mysql', null);
/** Distinct paths per scenario: more than any run asks, so none is asked twice in a run. */
const PATHS = 20_000;
const FIRST_ROWS = 5_000;

const many = (make) => Array.from({ length: PATHS }, (_, i) => make(i));
/** A page of `size` at any offset within the first FIRST_ROWS rows of a list of `total`. */
const offsetIn = (total, size = 25) => randomInt(Math.max(1, Math.min(FIRST_ROWS, total) - size + 1));
const range = (o, size = 25) => [o, o + size - 1];

/** The values the filters take, from the seeded rows. */
async function seededValues(data) {
  return withDatabase(data, async (query) => {
    const col = async (sql) => (await query(sql)).map((r) => Object.values(r)[0]).filter((v) => v !== null && v !== '');
    return {
      tipos: await col('SELECT DISTINCT tipoClienteId FROM clientes'),
      palavras: [...new Set((await col('SELECT razaoSocial FROM clientes LIMIT 5000')).flatMap((r) => String(r).split(/\s+/)).filter((w) => w.length >= 4))],
      responsaveis: await col('SELECT DISTINCT responsavelId FROM registros'),
      juntas: await col('SELECT DISTINCT juntaUf FROM registros'),
      etapas: await col('SELECT DISTINCT etapaAtual FROM registros'),
      servicos: await col('SELECT DISTINCT servico FROM registros'),
      numeros: await col('SELECT numero FROM registros ORDER BY createdAt DESC LIMIT 5000'),
      assuntos: [...new Set((await col('SELECT subject FROM mail_messages LIMIT 2000')).flatMap((s) => String(s).split(/\s+/)).filter((w) => w.length >= 5))],
    };
  });
}

const pickOf = (list) => list[randomInt(list.length)];
/** A fragment of 4–6 characters of a word: a term typed anew. */
const fragment = (word) => {
  const w = word.toLowerCase();
  const n = Math.min(w.length, 4 + randomInt(3));
  const at = randomInt(w.length - n + 1);
  return w.slice(at, at + n);
};

async function scenarios(base, token, v) {
  const auth = { authorization: `Bearer ${token}` };
  const total = async (resource, filter) => (await json(base, listUrl(resource, filter, [0, 0]), { token })).total;
  /** A scenario of pages at any offset of `resource` filtered by `filterOf(i)` (its total read once per distinct filter). */
  const paged = async (name, resource, filterOf, values = [null]) => {
    const totals = new Map();
    for (const value of values) totals.set(JSON.stringify(value), await total(resource, filterOf(value)));
    const paths = many(() => {
      const value = pickOf(values);
      const n = totals.get(JSON.stringify(value));
      return listUrl(resource, filterOf(value), range(offsetIn(n)));
    });
    return [name, paths, auth, { min: 1 }];
  };
  const out = [['GET /api/health (referência)', '/api/health', {}]];
  const on = (part) => !ONLY || ONLY.includes(part);
  if (on('clientes')) {
    const n = await total('/api/clientes', null);
    out.push(
      await paged('clientes, offset nos primeiros 5.000', '/api/clientes', () => null),
      await paged('clientes ativos, offset', '/api/clientes', () => ({ status: 'ativos' })),
      await paged('clientes por tipo, offset', '/api/clientes', (t) => ({ tipoClienteId: t }), v.tipos),
      ['clientes, termo novo (4–6 letras, dígitos do CNPJ)', many((i) => listUrl('/api/clientes', { q: i % 3 ? fragment(pickOf(v.palavras)) : String(randomInt(10_000, 999_999)) })), auth],
      ['clientes, palavra do nome, offset nos 100 primeiros', many(() => listUrl('/api/clientes', { q: pickOf(v.palavras).toLowerCase() }, range(randomInt(76)))), auth],
      ['clientes, qualquer das 4.000 páginas', many(() => listUrl('/api/clientes', null, range(randomInt(Math.min(4000, Math.floor(n / 25))) * 25))), auth, { min: 1, p99: 100 }],
    );
  }
  if (on('registros')) {
    const n = await total('/api/registros', null);
    out.push(
      await paged('registros, offset', '/api/registros', () => null),
      await paged('registros por status, offset', '/api/registros', (s) => ({ status: s }), ['pendente', 'andamento', 'concluido']),
      await paged('registros por responsável, offset', '/api/registros', (r) => ({ responsavelId: r }), v.responsaveis),
      await paged('registros vencidos, offset', '/api/registros', () => ({ vencido: true })),
      await paged('prazos: vencem em 5 dias úteis, offset', '/api/registros', () => ({ venceEmDiasUteis: 5 })),
      await paged('registros por Junta, offset', '/api/registros', (j) => ({ junta: j }), v.juntas),
      await paged('registros por etapa, offset', '/api/registros', (e) => ({ etapa: e }), v.etapas.slice(0, 8)),
      await paged('registros por serviço, offset', '/api/registros', (s) => ({ servico: s }), v.servicos),
      ['registros, termo novo (protocolo, nome)', many((i) => listUrl('/api/registros', { q: i % 2 ? pickOf(v.numeros).slice(0, 7 + randomInt(4)) : fragment(pickOf(v.palavras)) })), auth],
      ['registros, qualquer das 4.000 páginas', many(() => listUrl('/api/registros', null, range(randomInt(Math.min(4000, Math.floor(n / 25))) * 25))), auth, { min: 1, p99: 100 }],
    );
  }
  if (on('documentos')) {
    out.push(
      await paged('documentos, offset', '/api/documentos', () => null),
      await paged('documentos por tipo, offset', '/api/documentos', (t) => ({ tipo: t }), ['PDF', 'Imagem']),
      await paged('documentos enviados pelo cliente, offset', '/api/documentos', () => ({ enviadoPor: 'cliente' })),
    );
  }
  if (on('cobrancas')) {
    const mes = () => {
      const d = new Date(Date.now() - randomInt(330) * 86_400_000);
      const de = d.toISOString().slice(0, 10);
      return { vencimentoDe: de, vencimentoAte: new Date(d.getTime() + 30 * 86_400_000).toISOString().slice(0, 10) };
    };
    const periodos = Array.from({ length: 40 }, mes);
    out.push(
      await paged('cobranças, offset', '/api/cobrancas', () => null),
      await paged('cobranças por status, offset', '/api/cobrancas', (s) => ({ status: s }), ['aberta', 'paga']),
      await paged('cobranças vencidas, offset', '/api/cobrancas', () => ({ vencidas: true })),
      await paged('cobranças por período de vencimento, offset', '/api/cobrancas', (p) => p, periodos),
    );
  }
  if (on('emails')) {
    out.push(
      await paged('caixa de entrada, offset', '/api/emails/inbox', () => null),
      ['caixa de entrada, termo novo', many(() => listUrl('/api/emails/inbox', { q: fragment(pickOf(v.assuntos)) })), auth],
    );
  }
  return out;
}

async function main() {
  if (!args.has('no-build')) buildBackend();
  const data = await benchData(args, MYSQL);
  let server;
  try {
    if (!data.reused) {
      server = await startServer(data.env);
      await server.stop();
      server = null;
      seedDemo(data, { clientes: CLIENTES, registros: REGISTROS, emails: EMAILS, documentos: DOCUMENTOS });
      await refreshStats(data, ['clientes', 'registros', 'documentos', 'cobrancas', 'mail_messages']);
    }
    const v = await seededValues(data);
    for (const kept of KEPT) {
      server = await startServer({ ...data.env, ...(kept === 'off' ? { DATA_VERSIONS: 'false' } : {}) });
      const token = await login(server.base);
      const list = await scenarios(server.base, token, v);
      await checkScenarios(server.base, list);
      console.log(`\n${data.label}, respostas guardadas ${kept === 'off' ? 'DESLIGADAS (DATA_VERSIONS=false)' : 'ligadas'}; ${CONCURRENCY} conexões, ${SECONDS} s por cenário, uma URL nova a cada requisição:\n`);
      const results = await compareScenarios({ base: server.base, scenarios: list, concurrency: CONCURRENCY, seconds: SECONDS, nameWidth: nameWidthOf(list, 52), pid: server.pid });
      const missed = results.filter((r) => r.met === false).map((r) => r.name);
      console.log(missed.length ? `metas não atingidas (${missed.length} de ${results.length - 1}): ${missed.join('; ')}` : `todas as ${results.length - 1} metas atingidas`);
      await server.stop();
      server = null;
    }
  } finally {
    await server?.stop();
    await data.remove({ keep: args.has('keep') });
  }
}

runMain(main);
