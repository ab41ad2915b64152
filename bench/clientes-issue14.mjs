#!/usr/bin/env node
/**
 * Issue 14's own client scenarios (its table: the first page, page 2,000, "comercio", the masked CNPJ
 * "10.004.242", "são joão" by name…) on the data of the bench as it was when the issue was filed
 * (commit 037c55a: `node bench/clientes-list.mjs --rows 100000 --keep` there), with today's load tool,
 * on whichever build BENCH_SERVER_MAIN names: that commit's (the "before") or today's (the "after",
 * which first brings the kept database up to date with its migrations, as an upgrade does). The same
 * rows, terms and load for both, in one sitting.
 *
 *   node bench/clientes-issue14.mjs --data <DATA_DIR kept there> [--mysql mysql://root@127.0.0.1:3306/<banco mantido>]
 *                                   [--concurrency 50] [--seconds 3]
 *
 * Signs in as the master with the benches' password; each scenario is requested once first and must bring
 * the rows it is about. Not a test: nothing here passes or fails.
 */
import { checkScenarios, compareScenarios, listUrl, login, parseArgs, runMain, startServer } from './support.mjs';

const args = parseArgs();
const DATA = args.opt('data', null);
const MYSQL_DB = args.opt('mysql', null);
const CONCURRENCY = Number(args.opt('concurrency', 50));
const SECONDS = Number(args.opt('seconds', 3));

const list = (filter, range, sort) => listUrl('/api/clientes', filter, range, sort);

async function main() {
  if (!DATA) throw new Error('use --data <DATA_DIR mantido pelo bench do commit 037c55a>');
  const server = await startServer(MYSQL_DB ? { DATA_DIR: DATA, DATABASE_URL: MYSQL_DB } : { DATA_DIR: DATA });
  try {
    const auth = { authorization: `Bearer ${await login(server.base)}` };
    const scenarios = [
      ['GET /api/health (referência)', '/api/health', {}],
      ['lista, 1ª página (25), mais novos', list(null), auth, { min: 25 }],
      ['lista, página 2.000 (offset 50.000)', list(null, [50_000, 50_024]), auth, { min: 25 }],
      ['busca comum "comercio" (≈6 mil), 1ª página', list({ q: 'comercio' }), auth, { min: 25 }],
      ['busca comum + aba ativos, página 10', list({ q: 'comercio', status: 'ativos' }, [225, 249]), auth, { min: 1 }],
      ['busca rara "contato4242@" (1 cliente)', list({ q: 'contato4242@' }), auth, { total: 1 }],
      ['busca por CNPJ com máscara "10.004.242"', list({ q: '10.004.242' }), auth, { total: 1 }],
      ['busca sem resultado "zzzz"', list({ q: 'zzzz' }), auth, { total: 0 }],
      ['busca "são joão" ordenada por razão social', list({ q: 'são joão' }, [0, 24], ['razaoSocial', 'ASC']), auth, { min: 1 }],
    ];
    await checkScenarios(server.base, scenarios);
    console.log(`\n${CONCURRENCY} conexões simultâneas, ${SECONDS} s por cenário, mesmo servidor:\n`);
    await compareScenarios({ base: server.base, scenarios, pid: server.pid, concurrency: CONCURRENCY, seconds: SECONDS, nameWidth: 52 });
  } finally {
    await server.stop();
  }
}

runMain(main);
