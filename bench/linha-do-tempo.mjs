#!/usr/bin/env node
/**
 * A client's timeline (issue 56, ADR 0054): GET /api/clientes/:id/linha-do-tempo on the built server over a
 * seeded firm, for the client with the most registros, and the SQLite plan of its page statement.
 *
 *   node bench/linha-do-tempo.mjs [--clientes 5] [--registros 3000] [--vezes 30] [--no-build] [--keep]
 *
 * Prints the client's lines, then the median and p90 of each scenario's answer time (one request at a time,
 * through HTTP, as the master), then EXPLAIN QUERY PLAN of the first page. Measures; passes or fails nothing.
 */
import * as path from 'node:path';
import { buildBackend, json, listUrl, login, median, parseArgs, percentile, ROOT, require, runMain, scratchData, seedDemo, startServer, withDatabase } from './support.mjs';

const args = parseArgs();
const CLIENTES = Number(args.opt('clientes', 5));
const REGISTROS = Number(args.opt('registros', 3000));
const VEZES = Number(args.opt('vezes', 30));

async function timed(base, token, url) {
  const ms = [];
  let body;
  for (let i = 0; i < VEZES; i++) {
    const t = performance.now();
    body = await json(base, url, { token });
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { body, p50: median(ms), p90: percentile(ms, 0.9) };
}

runMain(async () => {
  if (!args.has('no-build')) buildBackend();
  const data = await scratchData(null);
  let server = null;
  try {
    server = await startServer(data.env);
    await server.stop();
    seedDemo(data, { clientes: CLIENTES, registros: REGISTROS });
    server = await startServer(data.env);
    const token = await login(server.base);
    const [top] = await withDatabase(data, (q) => q('SELECT clienteId, COUNT(*) AS n FROM registros GROUP BY clienteId ORDER BY n DESC LIMIT 1'));
    const [reg] = await withDatabase(data, (q) => q('SELECT id FROM registros WHERE clienteId = ? ORDER BY createdAt DESC LIMIT 1', [top.clienteId]));
    const R = `/api/clientes/${top.clienteId}/linha-do-tempo`;
    const scenarios = [
      ['primeira página (25 linhas)', listUrl(R)],
      ['página 41 (linhas 1.000–1.024)', listUrl(R, null, [1000, 1024])],
      ['só exigências', listUrl(R, { tipo: 'exigencia' })],
      ['cobranças e pagamentos', listUrl(R, { tipo: ['cobranca', 'pagamento'] })],
      ['um registro', listUrl(R, { registroId: reg.id })],
    ];
    console.log(`\nSQLite, ${CLIENTES} clientes, ${REGISTROS} registros; o cliente de ${top.n} registros.`);
    for (const [name, url] of scenarios) {
      const { body, p50, p90 } = await timed(server.base, token, url);
      console.log(`${name.padEnd(34)} total ${String(body.total).padStart(6)}   p50 ${p50.toFixed(1).padStart(6)} ms   p90 ${p90.toFixed(1).padStart(6)} ms`);
    }
    await server.stop();
    server = null;

    const { fontes, paginaSql, contagemSql } = require(path.join(ROOT, 'backend', 'dist', 'linha-do-tempo', 'linha-do-tempo.sql.js'));
    const list = fontes({ scope: null, agendaAll: true, porRegistro: false });
    const Database = require('better-sqlite3');
    const db = new Database(data.sqliteFile, { readonly: true });
    const params = { cliente: top.clienteId, me: 'x', lim: 25, take: 25, skip: 0 };
    for (const [name, sql] of [
      ['página', paginaSql(list, 'DESC')],
      ['contagem', contagemSql(list)],
    ]) {
      console.log(`\n### ${name}`);
      for (const row of db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params)) console.log(`  ${row.detail}`);
    }
    db.close();
  } finally {
    await server?.stop();
    await data.remove({ keep: args.has('keep') });
  }
});
