#!/usr/bin/env node
/**
 * All the benchmarks in turn, at modest sizes so that a run takes a few minutes; each prints its
 * figures beside its own baseline. The backend and the public site are built once, here.
 *
 *   node bench/run.mjs [--mysql mysql://root@127.0.0.1:3306] [--no-build] [--full]
 *
 * --mysql goes to the benchmarks that run on a database of their choosing (startup is SQLite only);
 * --full runs each at its own defaults (see the head of each script) instead of the sizes below.
 */
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { ROOT, buildBackend, parseArgs } from './support.mjs';

const args = parseArgs();
const mysql = args.opt('mysql', null);
const full = args.has('full');
const onDatabase = mysql ? ['--mysql', mysql] : [];

const benches = [
  ['startup.mjs', full ? [] : ['--runs', '3']],
  ['clientes-list.mjs', [...(full ? [] : ['--rows', '20000', '--seconds', '2']), ...onDatabase]],
  ['registros.mjs', [...(full ? [] : ['--rows', '50000', '--clientes', '1000', '--seconds', '2']), ...onDatabase]],
  ['mail-listener.mjs', [...(full ? [] : ['--messages', '200']), ...onDatabase]],
  ['deep-json.mjs', full ? [] : ['--runs', '20']],
  ['load.mjs', [...(full ? [] : ['--seconds', '10', '--connections', '50', '--clientes', '10', '--registros', '200']), ...onDatabase]],
  ['lighthouse.mjs', full ? [] : ['--runs', '1']],
];

if (!args.has('no-build')) {
  buildBackend();
  // Lighthouse measures the production build of the public site.
  spawnSync('npm', ['run', 'build', '-w', '@veritas/public-site'], { cwd: ROOT, stdio: 'ignore' });
}
const failed = [];
for (const [script, options] of benches) {
  const argv = [path.join('bench', script), ...options, '--no-build'];
  // The command as run, without a database password.
  console.log(`\n=== node ${argv.join(' ').replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@')}\n`);
  const { status } = spawnSync(process.execPath, argv, { cwd: ROOT, stdio: 'inherit' });
  if (status !== 0) failed.push(script);
}
if (failed.length) {
  console.error(`\nfalharam: ${failed.join(', ')}`);
  process.exit(1);
}
