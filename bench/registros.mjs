#!/usr/bin/env node
/**
 * GET /api/registros (the staff list: filtered, searched, sorted and paged in SQL; by Junta and stage
 * since issue 11) and every report of Relatórios (issue 13) with 200,000 registros, beside
 * GET /api/health on the same server in the same run (the baseline). Prints p50/p99 of each and the
 * ratio to health.
 *
 *   node bench/registros.mjs [--rows 200000] [--clientes 2000] [--concurrency 8] [--seconds 5]
 *                            [--mysql mysql://root@127.0.0.1:3306] [--no-build] [--keep] [--data <DATA_DIR kept earlier>]
 *
 * The built server (node backend/dist/main.js) runs on a fresh SQLite DATA_DIR, or on a scratch
 * MySQL/MariaDB database dropped at the end. The demo seeder fills the firm before the server starts
 * (`npm run seed:demo -- --clientes C --registros M`: the schema and the master as at start-up, then
 * the app's own bulk path: a year of history, its team of associados with the registros shared among
 * them and some open ones unassigned); we sign in as its first associado. The filters' values and searched terms are read from the seeded data
 * (printed); each scenario is requested once before the load and must answer 200 with the rows it is
 * about. Requests go only to 127.0.0.1, from a fixed number of loops for a fixed time. Not a test: no
 * time passes or fails.
 */
import {
  benchData,
  BROWSER_ENCODING,
  buildBackend,
  checkScenarios,
  compareScenarios,
  json,
  listUrl,
  LOAD_TOOL,
  login,
  nameWidthOf,
  parseArgs,
  refreshStats,
  require,
  runMain,
  seedDemo,
  startServer,
  withDatabase,
} from './support.mjs';

const common = require('@veritas/common');
/** The demo team's password (DEMO_EQUIPE_PASSWORD in scripts/seed-demo.mjs, which prints it). */
const STAFF_PASSWORD = 'Equipe!2026demo';
const today = common.todayInSaoPaulo();

const args = parseArgs();
const ROWS = Number(args.opt('rows', 200_000));
const CLIENTES = Number(args.opt('clientes', 2_000));
const CONCURRENCY = Number(args.opt('concurrency', 8));
const SECONDS = Number(args.opt('seconds', 5));
const MYSQL = args.opt('mysql', null);

const list = (filter, range, sort) => listUrl('/api/registros', filter, range, sort);
const ABERTOS = common.OPEN_REGISTRO_STATUSES.map((s) => `'${s}'`).join(', ');

/** "2025-11-24" of a datetime as either driver answers it (SQLite's UTC text, mysql2's Date). */
const dayOf = (v) => (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10);

/**
 * What the scenarios filter and search by, from the seeded data: the protocol number of the middle
 * registro (one match); the client with the median number of registros; the two-word trade name
 * most often on registros (as "padaria estrela": several clients); the service with the most open
 * registros; the stage most registros are at, and its two most frequent Juntas; the first day of
 * the history; the seeded associados (the first is who we sign in as) and how their share came out.
 */
async function pickTerms(data) {
  return withDatabase(data, async (query) => {
    const one = async (sql, params) => (await query(sql, params))[0];
    const associados = await query(`SELECT id, email FROM users WHERE permissions LIKE '%"Associados"%' ORDER BY createdAt, id`);
    if (associados.length < 2) throw new Error('o seeder não criou a equipe de associados');
    const staffIds = associados.map((u) => u.id);
    const total = Number((await one('SELECT COUNT(*) AS n FROM registros')).n);
    if (!total) throw new Error('o seeder não gravou nenhum registro');
    const { numero } = await one('SELECT numero FROM registros ORDER BY createdAt, id LIMIT 1 OFFSET ?', [Math.floor(total / 2)]);
    const porCliente = await query('SELECT clienteId, COUNT(*) AS n FROM registros GROUP BY clienteId ORDER BY n DESC, clienteId');
    const cliente = porCliente[Math.floor(porCliente.length / 2)];
    const nomes = await query(
      'SELECT c.nomeFantasia AS nome, COUNT(*) AS n FROM registros r JOIN clientes c ON c.id = r.clienteId WHERE c.nomeFantasia IS NOT NULL GROUP BY c.nomeFantasia ORDER BY n DESC, nome',
    );
    const nome = nomes.find((r) => r.nome.trim().split(/\s+/).length === 2) ?? nomes[0];
    const servico = await one(`SELECT servico, COUNT(*) AS n FROM registros WHERE status IN (${ABERTOS}) GROUP BY servico ORDER BY n DESC, servico LIMIT 1`);
    const etapa = await one('SELECT etapaAtual AS nome, COUNT(*) AS n FROM registros WHERE etapaAtual IS NOT NULL GROUP BY etapaAtual ORDER BY n DESC, etapaAtual LIMIT 1');
    if (!servico || !etapa || !nome) throw new Error('os registros semeados não têm serviço aberto, etapa ou nome fantasia');
    const juntas = (await query('SELECT juntaUf AS uf, COUNT(*) AS n FROM registros WHERE etapaAtual = ? GROUP BY juntaUf ORDER BY n DESC, juntaUf LIMIT 2', [etapa.nome])).map((r) => r.uf);
    const { inicio } = await one('SELECT MIN(createdAt) AS inicio FROM registros');
    const count = async (where, params) => Number((await one(`SELECT COUNT(*) AS n FROM registros WHERE ${where}`, params)).n);
    return {
      assoc: associados[0],
      staffIds,
      total,
      numero,
      cliente: { id: cliente.clienteId, n: Number(cliente.n) },
      nome: nome.nome.toLowerCase(),
      servico: servico.servico,
      etapa: etapa.nome,
      juntas: [juntas[0], juntas[1] ?? juntas[0]],
      inicio: dayOf(inicio),
      seus: await count('responsavelId = ?', [staffIds[0]]),
      semResponsavel: await count('responsavelId IS NULL'),
      pendentesDe1: await count("status = 'pendente' AND responsavelId = ?", [staffIds[1]]),
    };
  });
}

async function main() {
  if (!args.has('no-build')) buildBackend();
  const data = await benchData(args, MYSQL);
  let server;
  try {
    if (!data.reused) {
      seedDemo(data, { clientes: CLIENTES, registros: ROWS });
      await refreshStats(data, ['users', 'clientes', 'registros'], { sqlite: true });
    }
    const t = await pickTerms(data);
    const { assoc, staffIds } = t;
    console.log(
      `Dos registros semeados (${t.total.toLocaleString('pt-BR')}): protocolo ${t.numero}, cliente ${t.cliente.id} (${t.cliente.n} registros), ` +
        `nome "${t.nome}", serviço ${t.servico}, etapa "${t.etapa}", Juntas ${t.juntas.join(' e ')}, história desde ${t.inicio}; ` +
        `associado: ${t.seus.toLocaleString('pt-BR')} seus, ${t.semResponsavel.toLocaleString('pt-BR')} sem responsável; hoje ${today}.`,
    );

    server = await startServer(data.env);
    const token = await login(server.base);
    const assocToken = await login(server.base, assoc.email, STAFF_PASSWORD);
    const auth = { authorization: `Bearer ${token}` };
    const asAssoc = { authorization: `Bearer ${assocToken}` };
    const relatorios = (await json(server.base, '/api/relatorios', { token })).data.map((r) => r.nome);
    const ANOS = Math.max(1, Math.round((Date.parse(today) - Date.parse(t.inicio)) / (365 * 86_400_000)));
    const inicioHistoria = common.addCalendarDays(t.inicio, -1);
    // The deep pages: as deep as asked, or the middle of fewer rows / matches.
    const fundo = Math.min(100_000, Math.floor(t.total / 2 / 25) * 25);
    const abertosDoServico = (await json(server.base, list({ servico: t.servico, aberto: true }), { token })).total;
    const pagina = Math.max(1, Math.min(20, Math.ceil(abertosDoServico / 25)));
    const rows = { min: 1 };

    const scenarios = [
      ['GET /api/health (referência)', '/api/health', {}],
      ['lista, 1ª página (25), mais novos', list(null), auth, rows],
      ['a mesma, como um navegador (gzip/br)', list(null), { ...auth, ...BROWSER_ENCODING }, rows],
      ['status andamento, 1ª página', list({ status: 'andamento' }), auth, rows],
      ['status pendente + responsável', list({ status: 'pendente', responsavelId: staffIds[1] }), auth, rows],
      [`por cliente (${t.cliente.n.toLocaleString('pt-BR')} registros)`, list({ clienteId: t.cliente.id }), auth, rows],
      ['vencidos, por prazo', list({ vencido: true }, [0, 24], ['prazo', 'ASC']), auth, rows],
      ['vencem em 3 dias úteis, por prazo', list({ venceEmDiasUteis: 3 }, [0, 24], ['prazo', 'ASC']), auth, rows],
      [`serviço + abertos, página ${pagina}`, list({ servico: t.servico, aberto: true }, [(pagina - 1) * 25, pagina * 25 - 1]), auth, rows],
      [`busca nome do cliente "${t.nome}"`, list({ q: t.nome }), auth, rows],
      ['busca protocolo exato', list({ q: t.numero }), auth, { total: 1 }],
      [`página ${(fundo / 25).toLocaleString('pt-BR')} (offset ${fundo.toLocaleString('pt-BR')})`, list(null, [fundo, fundo + 24]), auth, rows],
      ['associado: os seus e sem responsável', list(null), asAssoc, rows],
      // Issue 11: the pipeline's filters.
      [`Junta ${t.juntas[0]}, 1ª página`, list({ junta: t.juntas[0] }), auth, rows],
      [`etapa "${t.etapa}"`, list({ etapa: t.etapa }), auth, rows],
      [`etapa + Junta ${t.juntas[1]}`, list({ etapa: t.etapa, junta: t.juntas[1] }), auth, rows],
      // Issue 13: every report over the last twelve months, and one over the whole history.
      ...relatorios.map((nome) => [`relatório ${nome} (12 meses)`, `/api/relatorios/${nome}`, auth]),
      [`relatório registros-por-mes (${ANOS} ${ANOS === 1 ? 'ano' : 'anos'})`, `/api/relatorios/registros-por-mes?de=${inicioHistoria}&ate=${today}`, auth, rows],
    ];
    await checkScenarios(server.base, scenarios);
    console.log(`\n${CONCURRENCY} conexões simultâneas (${LOAD_TOOL}), ${SECONDS} s por cenário, mesmo servidor (% ref = req/s sobre o health; × = razão para o health; CPU ms = CPU do servidor por resposta):\n`);
    await compareScenarios({ base: server.base, scenarios, pid: server.pid, concurrency: CONCURRENCY, seconds: SECONDS, nameWidth: nameWidthOf(scenarios, 46) });
  } finally {
    await server?.stop();
    await data.remove({ keep: args.has('keep') });
  }
}

runMain(main);
