// Start-up time (spawn → first 200 from /api/health) and idle memory (RSS after 3 s) of the built
// server on SQLite, against a baseline taken in the same run: a bare Node HTTP server answering the
// same probe. Usage: npm run build && node bench/startup.mjs [runs=5]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.argv[2] ?? 5);
const BASELINE = `require('http').createServer((q,s)=>s.end('{"status":"ok"}')).listen(process.env.PORT,'127.0.0.1')`;

const freePort = () =>
  new Promise((res) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

async function measure(args, env) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'veritas-bench-'));
  const t0 = process.hrtime.bigint();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { PATH: process.env.PATH, PORT: String(port), DATA_DIR: dataDir, MASTER_PASSWORD: 'Bench!2026pw', ...env },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 10));
  }
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  await new Promise((r) => setTimeout(r, 3000));
  const rss = rssMb(child.pid);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
  return { ms, rss };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = { baseline: [], server: [] };
for (let i = 0; i < runs; i++) {
  results.baseline.push(await measure(['-e', BASELINE], {}));
  // The first run creates the schema and the master; later runs start on a fresh directory too.
  results.server.push(await measure([join(root, 'backend/dist/main.js')], {}));
}
const row = (name, xs) => ({ name, startMs: median(xs.map((x) => x.ms)).toFixed(0), idleRssMb: median(xs.map((x) => x.rss)).toFixed(1) });
const b = row('bare node http (baseline)', results.baseline);
const s = row('veritas server (SQLite, fresh DATA_DIR)', results.server);
console.table([b, s]);
console.log(`start-up: ${s.startMs} ms (${(s.startMs / b.startMs).toFixed(1)}x baseline); idle RSS: ${s.idleRssMb} MB (${(s.idleRssMb / b.idleRssMb).toFixed(1)}x baseline); median of ${runs} runs`);
