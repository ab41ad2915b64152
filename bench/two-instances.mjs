#!/usr/bin/env node
/**
 * The load mix of bench/load.mjs against one instance, then against two sharing MariaDB, Redis and
 * DATA_DIR, requests round-robin (as behind a load balancer), on a fresh database each time. Prints
 * req/s and p99 (all work, and GET /api/health of the same run as the baseline) side by side.
 *
 *   node bench/two-instances.mjs [--seconds 30] [--connections 100] [--mysql mysql://root@127.0.0.1:3306]
 *                                [--redis redis://127.0.0.1:6379] [--no-build]
 *
 * On one machine both instances share its CPUs: the figure that matters is that the second adds
 * no errors and costs nothing in latency beyond sharing the cores; more throughput needs more cores.
 */
import { spawnSync } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildBackend, parseArgs, printTable, ROOT } from './support.mjs';

const args = parseArgs();
const SECONDS = args.opt('seconds', '30');
const CONNECTIONS = args.opt('connections', '100');
const MYSQL = args.opt('mysql', 'mysql://root@127.0.0.1:3306');
const REDIS = args.opt('redis', 'redis://127.0.0.1:6379');

if (!args.has('no-build')) buildBackend();
const results = [];
for (const instances of [1, 2]) {
  console.log(`\n=== ${instances} instância(s) ===`);
  const run = spawnSync(
    process.execPath,
    [path.join(ROOT, 'bench', 'load.mjs'), '--no-build', '--seconds', SECONDS, '--connections', CONNECTIONS, '--mysql', MYSQL, '--redis', REDIS, '--instances', String(instances)],
    { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 1024 * 1024 },
  );
  process.stdout.write(run.stdout);
  const line = run.stdout.split('\n').find((l) => l.startsWith('RESUMO '));
  if (run.status !== 0 || !line) {
    console.error(`bench/load.mjs --instances ${instances} falhou (código ${run.status}).`);
    process.exit(1);
  }
  results.push(JSON.parse(line.slice('RESUMO '.length)));
}

console.log(`\nComparação (${CONNECTIONS} conexões, ${SECONDS} s cada, MariaDB, ${os.cpus().length} CPU(s) para tudo):`);
const row = printTable([['instâncias', 11], ['req/s', 8], ['p50 ms', 8], ['p99 ms', 8], ['/api/health p50', 16], ['/api/health p99', 16], ['não-2xx', 8]]);
for (const r of results) row(r.instances, r.rps, r.p50, r.p99, r.healthP50, r.healthP99, r.notOk);
