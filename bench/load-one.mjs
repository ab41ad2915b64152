#!/usr/bin/env node
/**
 * Loads one URL of the built product on an existing DATA_DIR (a bench's `--keep`), signed in as the
 * master: req/s, p99 and the server's CPU ms per answer beside GET /api/health on the same server. With
 * BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR" the server writes a CPU profile per thread, to see
 * where a list request's time goes.
 *
 *   node bench/load-one.mjs --data /tmp/veritas-bench-XXXX --url '/api/registros?range=[0,24]' [--concurrency 50] [--seconds 6]
 *     [--mysql mysql://root@127.0.0.1:3306/<banco mantido>]  (DATA_DIR then only holds the server's files)
 *     [--no-health]  (only the URL: a profile of its requests alone)
 *     [--as email:senha]  (signed in as someone else than the master: a database seeded outside a bench)
 *
 * Not a test: nothing here passes or fails.
 */
import { loadLoop, login, parseArgs, startServer } from './support.mjs';

const args = parseArgs();
const DATA = args.opt('data', null);
const MYSQL_DB = args.opt('mysql', null);
const URL_PATH = args.opt('url', null);
const CONCURRENCY = Number(args.opt('concurrency', 50));
const SECONDS = Number(args.opt('seconds', 6));

async function main() {
  if (!DATA || !URL_PATH) throw new Error('use --data <DATA_DIR mantido por um bench> --url <caminho>');
  // SQLITE_READERS from the environment, to compare pool sizes on the same data.
  const readers = process.env.SQLITE_READERS ? { SQLITE_READERS: process.env.SQLITE_READERS } : {};
  const server = await startServer(MYSQL_DB ? { DATA_DIR: DATA, DATABASE_URL: MYSQL_DB, ...readers } : { DATA_DIR: DATA, ...readers });
  try {
    const as = args.opt('as', null);
    if (as !== null && !as.includes(':')) throw new Error('use --as email:senha');
    const [email, password] = as ? [as.slice(0, as.indexOf(':')), as.slice(as.indexOf(':') + 1)] : [];
    const headers = { authorization: `Bearer ${await login(server.base, email, password)}` };
    const health = args.has('no-health') ? [] : [['GET /api/health', '/api/health']];
    for (const [name, url] of [...health, [URL_PATH, encodeURI(URL_PATH)]]) {
      const r = await loadLoop({ url: server.base + url, concurrency: CONCURRENCY, seconds: SECONDS, headers, pid: server.pid });
      const cpu = r.cpuPerRequest === null ? '?' : r.cpuPerRequest.toFixed(2);
      console.log(`${name}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, CPU ${cpu} ms/resposta, erros ${r.errors}`);
    }
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
