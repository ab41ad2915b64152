#!/usr/bin/env node
/**
 * GET /api/emails/:folder (issue 14: a mailbox of 100,000 messages) under concurrent load, beside
 * GET /api/health on the same server in the same run (the baseline). Prints p50/p99 of each and the
 * ratio to health.
 *
 *   node bench/mailbox.mjs [--messages 100000] [--concurrency 1,50] [--seconds 4]
 *                          [--mysql mysql://root@127.0.0.1:3306] [--no-build] [--keep]
 *
 * The built server runs on a fresh SQLite DATA_DIR or a scratch MySQL/MariaDB database. The mailbox is
 * filled by the demo seeder (`npm run seed:demo -- --clientes 2000 --registros 0 --emails N`), i.e. by
 * the app's own bulk path: files, rows, search text and indexes as SMTP would write them. Every message
 * is in the master's mailbox (about 70 % Entrada, 30 % Enviados). Not a test: nothing passes or fails.
 */
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { ROOT, buildBackend, compareAtConcurrencies, json, listUrl, login, parseArgs, runMain, scratchData, startServer } from './support.mjs';

const args = parseArgs();
const MESSAGES = Number(args.opt('messages', 100_000));
const CONCURRENCIES = String(args.opt('concurrency', '1,50')).split(',').map(Number);
const SECONDS = Number(args.opt('seconds', 4));
const MYSQL = args.opt('mysql', null);

const folder = (name, filter, range = [0, 49]) => listUrl(`/api/emails/${name}`, filter, range);

async function main() {
  if (!args.has('no-build')) buildBackend();
  const data = await scratchData(MYSQL);
  let server;
  try {
    // First start: migrations and the master; then the seeder fills the mailbox while it is stopped.
    server = await startServer(data.env);
    await server.stop();
    server = null;
    const seeded = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'seed-demo.mjs'), '--clientes', '2000', '--registros', '0', '--emails', String(MESSAGES)], {
      env: { ...process.env, ...data.env },
      stdio: 'inherit',
    });
    if (seeded.status !== 0) throw new Error(`o seeder terminou com ${seeded.status}`);

    server = await startServer(data.env);
    const token = await login(server.base);
    const auth = { authorization: `Bearer ${token}` };
    // A rare phrase: one client's address (≈ 50 of the messages are to or from it).
    const cliente = (await json(server.base, listUrl('/api/clientes', null, [0, 0]), { token })).data[0];
    const raro = cliente.email.split('@')[0];
    const seen = [];
    for (const [name, url] of [
      ['entrada', folder('inbox', null)],
      ['"documentos"', folder('inbox', { q: 'documentos' })],
      [raro, folder('inbox', { q: raro })],
    ]) {
      const r = await json(server.base, url, { token });
      seen.push(`${name}: ${r.totalExato === false ? 'mais de ' : ''}${r.total.toLocaleString('pt-BR')}`);
    }
    console.log(`(conferência — ${seen.join('; ')})`);

    const scenarios = [
      ['GET /api/health (referência)', '/api/health', {}],
      ['Entrada, 1ª página (50), mais novos', folder('inbox', null), auth],
      ['Entrada, página 100 (offset 4.950)', folder('inbox', null, [4_950, 4_999]), auth],
      ['Entrada, não lidos', folder('inbox', { unread: true }), auth],
      ['Com estrela', folder('starred', null), auth],
      ['Enviados, 1ª página', folder('sent', null), auth],
      ['busca comum "documentos"', folder('inbox', { q: 'documentos' }), auth],
      [`busca rara "${raro.slice(0, 24)}…"`, folder('inbox', { q: raro }), auth],
      ['busca sem resultado "zzzz"', folder('inbox', { q: 'zzzz' }), auth],
    ];
    await compareAtConcurrencies({ base: server.base, scenarios, concurrencies: CONCURRENCIES, seconds: SECONDS, nameWidth: 52 });
  } finally {
    await server?.stop();
    await data.remove({ keep: args.has('keep') });
  }
}

runMain(main);
