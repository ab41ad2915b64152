#!/usr/bin/env node
/**
 * GET /api/registros (the staff list: filtered, searched, sorted and paged in SQL; by Junta and stage
 * since issue 11) and every report of Relatórios (issue 13) with 200,000 registros, beside
 * GET /api/health on the same server in the same run (the baseline). Prints p50/p99 of each and the
 * ratio to health.
 *
 *   node bench/registros.mjs [--rows 200000] [--clientes 2000] [--concurrency 8] [--seconds 5]
 *                            [--mysql mysql://root@127.0.0.1:3306] [--no-build] [--keep]
 *
 * The built server (node backend/dist/main.js) runs on a fresh SQLite DATA_DIR, or on a scratch
 * MySQL/MariaDB database dropped at the end. A first start creates the schema and an associado
 * (through the API); the rows are then bulk-inserted in SQL while the server is stopped. Requests go
 * only to 127.0.0.1, from a fixed number of loops for a fixed time. Not a test: nothing passes or fails.
 */
import { bulkInsert, buildBackend, compareScenarios, json, listUrl, login, parseArgs, require, scratchData, startServer } from './support.mjs';

const common = require('@veritas/common');
// The stage templates the server seeds (issue 11): the current stage of each open registro is one of them.
const { MODELOS_PADRAO } = require('./dist/processos/modelos-padrao.js');
/** Where the firm files: São Paulo most, then the other large boards. */
const JUNTAS = ['SP', 'SP', 'SP', 'SP', 'RJ', 'RJ', 'MG', 'MG', 'PR', 'RS', 'BA', 'SC', 'PE', 'GO', 'DF', 'CE'];
const STAFF_PASSWORD = 'Equipe!2026';

const args = parseArgs();
const ROWS = Number(args.opt('rows', 200_000));
const CLIENTES = Number(args.opt('clientes', 2_000));
const CONCURRENCY = Number(args.opt('concurrency', 8));
const SECONDS = Number(args.opt('seconds', 5));
const MYSQL = args.opt('mysql', null);
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
  const etapas = MODELOS_PADRAO[servico.codigo] ?? [];
  const aberto = status === 'pendente' || status === 'andamento';
  const etapaAtual = aberto && etapas.length ? etapas[(i * 13) % etapas.length].nome : null;
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
    // Closed ones end a few days to a few weeks after the request (lead times for Relatórios).
    aberto ? null : new Date(createdAt.getTime() + (1 + ((i * 7) % 40)) * 86_400_000),
    pick(JUNTAS, i),
    etapaAtual,
    etapaAtual ? createdAt : null,
  ];
}
const REGISTRO_COLUMNS = ['id', 'createdAt', 'updatedAt', 'numero', 'clienteId', 'servico', 'tipo', 'descricao', 'status', 'responsavelId', 'slaDiasUteis', 'prazo', 'encerradoEm', 'juntaUf', 'etapaAtual', 'etapaDesde'];

const userRow = (i, t0) => [uuid('3', i), new Date(t0), new Date(t0), `bench.${i}`, `Pessoa Bench ${i}`, `bench.${i}@veritas.com.br`, 'x', 0, '["Associados"]'];
const USER_COLUMNS = ['id', 'createdAt', 'updatedAt', 'username', 'nomeCompleto', 'email', 'passwordHash', 'isAdmin', 'permissions'];

function* rowsOf(count, make) {
  for (let i = 0; i < count; i++) yield make(i);
}

const list = (filter, range, sort) => listUrl('/api/registros', filter, range, sort);

async function main() {
  if (!args.has('no-build')) buildBackend();
  const data = await scratchData(MYSQL);
  let server;
  try {
    // First start: migrations create the schema, and the API creates the associado we sign in as.
    server = await startServer(data.env);
    const master = await login(server.base);
    const assoc = (await json(server.base, '/api/users', { method: 'POST', token: master, body: { username: 'assoc.bench', nomeCompleto: 'Associado Bench', password: STAFF_PASSWORD, isAdmin: false, permissions: ['Associados'] } })).data;
    await server.stop();
    server = null;

    const staffIds = [assoc._id, ...Array.from({ length: STAFF - 1 }, (_, i) => uuid('3', i))];
    const t0 = Date.now() - ROWS * SPACING_MS;
    const t = performance.now();
    await bulkInsert(
      data,
      [
        ['users', USER_COLUMNS, rowsOf(STAFF - 1, (i) => userRow(i, t0))],
        ['clientes', CLIENTE_COLUMNS, rowsOf(CLIENTES, (i) => clienteRow(i, t0))],
        ['registros', REGISTRO_COLUMNS, rowsOf(ROWS, (i) => registroRow(i, t0, staffIds))],
      ],
      { sqliteAnalyze: true },
    );
    console.log(
      `${ROWS.toLocaleString('pt-BR')} registros de ${CLIENTES.toLocaleString('pt-BR')} clientes inseridos em ` +
        `${((performance.now() - t) / 1000).toFixed(1)} s (${data.label}).`,
    );

    server = await startServer(data.env);
    const token = await login(server.base);
    const assocToken = await login(server.base, assoc.email, STAFF_PASSWORD);
    const auth = { authorization: `Bearer ${token}` };
    const asAssoc = { authorization: `Bearer ${assocToken}` };
    const relatorios = (await json(server.base, '/api/relatorios', { token })).data.map((r) => r.nome);
    const ANOS = Math.ceil((ROWS * SPACING_MS) / (365 * 86_400_000));
    const inicioHistoria = common.addCalendarDays(today, -Math.min(ANOS * 365, 5 * 365));
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
      // Issue 11: the pipeline's filters.
      ['Junta SP, 1ª página', list({ junta: 'SP' }), auth],
      ['etapa "Protocolo na Junta"', list({ etapa: 'Protocolo na Junta' }), auth],
      ['etapa + Junta RJ', list({ etapa: 'Protocolo na Junta', junta: 'RJ' }), auth],
      // Issue 13: every report over the last twelve months, and one over the whole history.
      ...relatorios.map((nome) => [`relatório ${nome} (12 meses)`, `/api/relatorios/${nome}`, auth]),
      [`relatório registros-por-mes (${ANOS} anos)`, `/api/relatorios/registros-por-mes?de=${inicioHistoria}&ate=${today}`, auth],
    ];
    console.log(`\n${CONCURRENCY} conexões simultâneas, ${SECONDS} s por cenário, mesmo servidor:\n`);
    await compareScenarios({ base: server.base, scenarios, concurrency: CONCURRENCY, seconds: SECONDS, nameWidth: 46 });
  } finally {
    await server?.stop();
    await data.remove({ keep: args.has('keep') });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
