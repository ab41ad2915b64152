#!/usr/bin/env node
/**
 * GET /api/clientes under concurrent load with 100,000 clients, beside GET /api/health on the same
 * server in the same run (the baseline). Prints p50/p99 of each and the ratio to health.
 *
 *   node bench/clientes-list.mjs [--rows 100000] [--concurrency 1,16] [--seconds 5]
 *                                [--mysql mysql://root@127.0.0.1:3306] [--no-build] [--keep]
 *
 * The built server (node backend/dist/main.js) runs on a fresh SQLite DATA_DIR, or on a scratch
 * MySQL/MariaDB database that is dropped at the end. The clients are bulk-inserted in SQL, with the
 * same folded `busca` text the API writes. Not a test: nothing here passes or fails.
 */
import * as path from 'node:path';
import { ROOT, buildBackend, bulkInsert, compareAtConcurrencies, json, listUrl, login, parseArgs, require, runMain, scratchData, startServer } from './support.mjs';

const common = require('@veritas/common');

const args = parseArgs();
const ROWS = Number(args.opt('rows', 100_000));
const CONCURRENCIES = String(args.opt('concurrency', '1,16')).split(',').map(Number);
const SECONDS = Number(args.opt('seconds', 5));
const MYSQL = args.opt('mysql', null);

// ---------- data

const PREFIX = ['Comércio', 'Indústria', 'Açúcar', 'Padaria', 'Construtora', 'Transportes', 'Distribuidora', 'Farmácia', 'Clínica', 'Escritório', 'Mercado', 'Auto Peças', 'Confecções', 'Tecnologia', 'Educação', 'Serviços'];
const MIDDLE = ['São João', 'Boa Vista', 'Paulista', 'Estrela', 'União', 'Progresso', 'Horizonte', 'Atlântico', 'Cerrado', 'Pantanal', 'Ipê', 'Jacarandá', 'Aurora', 'Esperança', 'Guaraná', 'Maré'];
const SUFFIX = ['Ltda', 'S.A.', 'ME', 'EIRELI', 'Comércio e Serviços Ltda'];
const pick = (list, i) => list[i % list.length];

const COLUMNS = ['id', 'createdAt', 'updatedAt', 'razaoSocial', 'nomeFantasia', 'cnpj', 'email', 'pais', 'passwordHash', 'status', 'busca'];

/** One client's row; `clienteBusca` is the app's own search text, so the bench stores what the API would. */
function clientRow(i, t0, clienteBusca) {
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
  const status = i % 5 === 0 ? 'inativo' : 'ativo';
  return [id, createdAt, createdAt, razaoSocial, nomeFantasia, cnpj, email, 'Brasil', 'x', status, busca];
}

function* clientRows() {
  // Required only now: it comes from the build.
  const { clienteBusca } = require(path.join(ROOT, 'backend', 'dist', 'clientes', 'cliente.mapper.js'));
  const t0 = Date.now() - ROWS * 900_000;
  for (let i = 0; i < ROWS; i++) yield clientRow(i, t0, clienteBusca);
}

const list = (filter, range, sort) => listUrl('/api/clientes', filter, range, sort);

async function main() {
  if (!args.has('no-build')) buildBackend();
  const data = await scratchData(MYSQL);
  let server;
  try {
    // First start: migrations create the schema; then the clients go in while it is stopped.
    server = await startServer(data.env);
    await server.stop();
    server = null;
    const t = performance.now();
    await bulkInsert(data, [['clientes', COLUMNS, clientRows()]]);
    console.log(`${ROWS.toLocaleString('pt-BR')} clientes inseridos em ${((performance.now() - t) / 1000).toFixed(1)} s (${data.label}).`);

    server = await startServer(data.env);
    const token = await login(server.base);
    const auth = { authorization: `Bearer ${token}` };
    const check = await json(server.base, list({ q: 'acucar' }), { token });
    console.log(`(conferência: q=acucar → ${check.totalExato === false ? `mais de ${check.total}` : check.total} clientes)`);

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
    await compareAtConcurrencies({ base: server.base, scenarios, concurrencies: CONCURRENCIES, seconds: SECONDS, nameWidth: 52 });
  } finally {
    await server?.stop();
    await data.remove({ keep: args.has('keep') });
  }
}

runMain(main);
