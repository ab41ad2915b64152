#!/usr/bin/env node
/**
 * Start-up time (spawn → first 200 from /api/health) and idle memory (RSS after 3 s) of the built
 * server on SQLite, against a baseline taken in the same run: a bare Node HTTP server answering the
 * same probe. Each start is on a fresh DATA_DIR, so every run creates the schema and the master.
 *
 *   node bench/startup.mjs [--runs 5] [--no-build]      (the older form `startup.mjs 5` still works)
 */
import { readFileSync } from 'node:fs';
import { buildBackend, freePort, healthy, median, parseArgs, scratchData, sleep, startNode, startServer } from './support.mjs';

const args = parseArgs();
const runs = Number(args.opt('runs', /^\d+$/.test(args.argv[0] ?? '') ? args.argv[0] : 5));
const BASELINE = `require('http').createServer((q,s)=>s.end('{"status":"ok"}')).listen(process.env.PORT,'127.0.0.1')`;

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/** Starts a process with `start(env)`, then reads its resident memory once it has idled 3 s. */
async function measure(start) {
  const data = await scratchData(null);
  const proc = await start(data.env);
  await sleep(3000);
  const rss = rssMb(proc.pid);
  await proc.stop();
  await data.remove();
  return { ms: proc.readyMs, rss };
}

const bareNode = async (env) => {
  const port = await freePort();
  return startNode(['-e', BASELINE], { ...env, PORT: String(port) }, () => healthy(`http://127.0.0.1:${port}`));
};
// The SMTP listener starts as in production, on a free port rather than the default 2525.
const veritas = async (env) => startServer({ ...env, SMTP_PORT: String(await freePort()) });

if (!args.has('no-build')) buildBackend();
const results = { baseline: [], server: [] };
for (let i = 0; i < runs; i++) {
  results.baseline.push(await measure(bareNode));
  results.server.push(await measure(veritas));
}
const row = (name, xs) => ({ name, startMs: median(xs.map((x) => x.ms)).toFixed(0), idleRssMb: median(xs.map((x) => x.rss)).toFixed(1) });
const b = row('bare node http (baseline)', results.baseline);
const s = row('veritas server (SQLite, fresh DATA_DIR)', results.server);
console.table([b, s]);
console.log(`start-up: ${s.startMs} ms (${(s.startMs / b.startMs).toFixed(1)}x baseline); idle RSS: ${s.idleRssMb} MB (${(s.idleRssMb / b.idleRssMb).toFixed(1)}x baseline); median of ${runs} runs`);
