#!/usr/bin/env node
/**
 * Hostile JSON bodies against the built server (issue 9): a 586 KiB body nested 100,000 levels and
 * one with a __proto__ key, beside two baselines on the same route: an empty body and a flat body of
 * the same size (the same bytes to read, refused by ordinary validation). Prints the round trip (median and worst
 * of --runs) and the time of the depth scan alone, in this process.
 *
 *   node bench/deep-json.mjs [--runs 50] [--no-build]
 */
import * as path from 'node:path';
import { ROOT, buildBackend, parseArgs, printTable, require, scratchData, startServer } from './support.mjs';

const args = parseArgs();
const runs = Number(args.opt('runs', 50));
if (!args.has('no-build')) buildBackend();
const { jsonBodyProblem } = require(path.join(ROOT, 'backend', 'dist', 'platform', 'http', 'json-body.js'));

const LEVELS = 100_000;
const deep = '{"a":'.repeat(LEVELS) + '1' + '}'.repeat(LEVELS);
const flat = JSON.stringify({ razaoSocial: 'x'.repeat(deep.length - 20) });
const proto = JSON.stringify({ nomeFantasia: 'x'.repeat(deep.length - 60), cnpj: '1' }).replace('{', '{"__proto__":{"a":1},');
const bodies = [
  ['vazio (referência)', '{}'],
  ['plano (referência)', flat],
  [`aninhado ${LEVELS.toLocaleString('pt-BR')} níveis`, deep],
  ['com __proto__', proto],
];

const ms = (start) => Number(process.hrtime.bigint() - start) / 1e6;
const stats = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], max: sorted[sorted.length - 1] };
};

const data = await scratchData(null);
const server = await startServer(data.env);
try {
  const rows = [];
  for (const [name, body] of bodies) {
    const round = [];
    const scan = [];
    let status = 0;
    for (let i = 0; i < runs; i++) {
      const t0 = process.hrtime.bigint();
      const res = await fetch(`${server.base}/api/clientes/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      await res.arrayBuffer();
      round.push(ms(t0));
      status = res.status;
      const buf = Buffer.from(body);
      const t1 = process.hrtime.bigint();
      jsonBodyProblem(buf);
      scan.push(ms(t1));
    }
    const r = stats(round);
    const s = stats(scan);
    rows.push([name, `${(Buffer.byteLength(body) / 1024).toFixed(0)} KiB`, String(status), r.median.toFixed(2), r.max.toFixed(2), s.median.toFixed(3), s.max.toFixed(3)]);
  }
  console.log(`POST /api/clientes/register, ${runs} vezes cada (SQLite, servidor compilado):\n`);
  const row = printTable([['corpo', 22], ['tamanho', 9], ['status', 7], ['ida e volta p50 ms', 19], ['pior ms', 9], ['varredura p50 ms', 17], ['pior ms', 9]]);
  for (const cells of rows) row(...cells);
} finally {
  await server.stop();
  await data.remove();
}
