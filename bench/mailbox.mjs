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
 * is in the master's mailbox (about 70 % Entrada, 30 % Enviados); a few are then starred through the
 * API. Each scenario is requested once before the load and must answer 200 with the rows it is about.
 * Not a test: no time passes or fails.
 */
import { BROWSER_ENCODING, buildBackend, checkScenarios, compareAtConcurrencies, countRows, json, listUrl, login, nameWidthOf, parseArgs, runMain, scratchData, seedDemo, startServer } from './support.mjs';

const args = parseArgs();
const MESSAGES = Number(args.opt('messages', 100_000));
const CONCURRENCIES = String(args.opt('concurrency', '1,50')).split(',').map(Number);
const SECONDS = Number(args.opt('seconds', 4));
const MYSQL = args.opt('mysql', null);
/** Messages starred through the API after seeding (the seeder stars none). */
const STARRED = 30;

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
    seedDemo(data, { clientes: 2000, registros: 0, emails: MESSAGES });
    // The seeder stars nothing: a few starred messages, spread over the inbox, for "Com estrela".
    const inbox = await countRows(data, "SELECT COUNT(*) AS n FROM mail_messages WHERE folder = 'inbox'");

    server = await startServer(data.env);
    const token = await login(server.base);
    const auth = { authorization: `Bearer ${token}` };
    const estrelas = Math.min(STARRED, inbox);
    for (let i = 0; i < estrelas; i++) {
      const offset = Math.floor((i * inbox) / estrelas);
      const [message] = (await json(server.base, folder('inbox', null, [offset, offset]), { token })).data;
      await json(server.base, `/api/emails/${message._id}/star`, { method: 'PUT', token, body: { starred: true } });
    }
    // A rare phrase: the address of the client who wrote the newest message (≈ 50 of 100,000 messages
    // are to or from each of the 2,000 clients; taken from a message, so that it is in the mailbox).
    const [newest] = (await json(server.base, folder('inbox', null, [0, 0]), { token })).data;
    const raro = newest.from.split('@')[0];
    console.log(`Termos: busca comum "documentos" (assunto "Documentos enviados"), rara "${raro}" (e-mail de um cliente); ${estrelas} mensagens com estrela.`);
    const deep = Math.min(4_950, Math.floor((inbox - 1) / 50) * 50);

    const rows = { min: 1 };
    const scenarios = [
      ['GET /api/health (referência)', '/api/health', {}],
      ['Entrada, 1ª página (50), mais novos', folder('inbox', null), auth, rows],
      ['a mesma, como um navegador (gzip/br)', folder('inbox', null), { ...auth, ...BROWSER_ENCODING }, rows],
      [`Entrada, página ${deep / 50 + 1} (offset ${deep.toLocaleString('pt-BR')})`, folder('inbox', null, [deep, deep + 49]), auth, rows],
      ['Entrada, não lidos', folder('inbox', { unread: true }), auth, rows],
      ['Com estrela', folder('starred', null), auth, rows],
      ['Enviados, 1ª página', folder('sent', null), auth, rows],
      ['busca comum "documentos"', folder('inbox', { q: 'documentos' }), auth, rows],
      [`busca rara "${raro.slice(0, 24)}…"`, folder('inbox', { q: raro }), auth, rows],
      ['busca sem resultado "zzzz"', folder('inbox', { q: 'zzzz' }), auth, { total: 0 }],
    ];
    await checkScenarios(server.base, scenarios);
    await compareAtConcurrencies({ base: server.base, scenarios, pid: server.pid, concurrencies: CONCURRENCIES, seconds: SECONDS, nameWidth: nameWidthOf(scenarios, 52) });
  } finally {
    await server?.stop();
    await data.remove({ keep: args.has('keep') });
  }
}

runMain(main);
