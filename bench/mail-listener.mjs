#!/usr/bin/env node
/**
 * The SMTP listener's throughput: messages per second accepted AND stored (a 250 is only given once
 * a message is in every recipient's inbox), beside a baseline taken in the same run: the same
 * messages, from the same client, to a bare smtp-server that accepts and discards them.
 *
 *   node bench/mail-listener.mjs [--messages 1000] [--concurrency 8] [--mysql mysql://root@127.0.0.1:3306] [--no-build]
 *
 * Both servers run in child processes of their own (the built product: node backend/dist/main.js
 * on a fresh DATA_DIR; the baseline: a few lines of smtp-server). Not a test: nothing here passes or fails.
 */
import { buildBackend, canConnect, countRows, freePort, json, login, MASTER_EMAIL, parseArgs, printTable, require, scratchData, startNode, startServer } from './support.mjs';

const nodemailer = require('nodemailer');

const args = parseArgs();
const MESSAGES = Number(args.opt('messages', 1000));
const CONCURRENCY = Number(args.opt('concurrency', 8));
const MYSQL = args.opt('mysql', null);

/** The baseline: smtp-server accepting every recipient and discarding every message. */
const BASELINE = `
const { SMTPServer } = require('smtp-server');
const server = new SMTPServer({ authOptional: true, disabledCommands: ['AUTH', 'STARTTLS'], logger: false, size: 26214400,
  onData(stream, session, cb) { stream.on('data', () => {}); stream.on('end', () => cb()); } });
server.listen(Number(process.env.SMTP_PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

function message(kind, i) {
  const attachment = { filename: `contrato-${i}.pdf`, contentType: 'application/pdf', content: Buffer.alloc(100 * 1024, i % 251) };
  const text = `Prezados,\n\nsegue a mensagem de número ${i}.\n${'Linha de texto com acentuação: ação, coração, São Paulo. '.repeat(30)}\n\nAtenciosamente`;
  const base = { from: 'Contador <contador@exemplo.com.br>', subject: `Mensagem ${i} — relatório`, text, html: `<p>${text.replace(/\n/g, '<br>')}</p>` };
  if (kind === 'attachment') return { ...base, to: 'master@veritas.com.br', attachments: [attachment] };
  if (kind === 'three') return { ...base, to: 'master@veritas.com.br, equipe.um@veritas.com.br, equipe.dois@veritas.com.br' };
  return { ...base, to: 'master@veritas.com.br' };
}

/** Sends `count` messages over `CONCURRENCY` pooled connections; messages per second. */
async function blast(port, kind, count) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, pool: true, maxConnections: CONCURRENCY, maxMessages: Infinity });
  let next = 0;
  let failed = 0;
  const t = performance.now();
  const worker = async () => {
    while (next < count) {
      const i = next++;
      await transport.sendMail(message(kind, i)).catch((err) => {
        if (!failed++) console.error(`primeira recusa: ${err.message}`);
      });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - t) / 1000;
  transport.close();
  return { seconds, rate: (count - failed) / seconds, failed };
}

async function main() {
  if (!args.has('no-build')) buildBackend();
  const data = await scratchData(MYSQL);
  const [smtpPort, basePort] = [await freePort(), await freePort()];
  let app;
  let baseline;
  try {
    app = await startServer({ ...data.env, SMTP_PORT: String(smtpPort) }, { ready: () => canConnect(smtpPort) });
    baseline = await startNode(['-e', BASELINE], { SMTP_PORT: String(basePort) }, () => canConnect(basePort));
    const token = await login(app.base);
    for (const username of ['equipe.um', 'equipe.dois']) {
      await json(app.base, '/api/users', { method: 'POST', token, body: { username, nomeCompleto: username, password: 'Equipe!2026', isAdmin: false, permissions: ['Associados'] } });
    }
    // From the database: the list's count stops past 1,000 ("mais de 1.000").
    const inboxTotal = () =>
      countRows(data, "SELECT COUNT(*) AS n FROM mail_messages m JOIN users u ON u.id = m.ownerId WHERE u.email = ? AND m.folder = 'inbox'", [MASTER_EMAIL]);

    const scenarios = [
      ['texto e HTML (~4 KB), 1 destinatário', 'small', MESSAGES],
      ['com anexo de 100 KB, 1 destinatário', 'attachment', Math.max(1, Math.round(MESSAGES / 4))],
      ['texto e HTML, 3 destinatários (3 caixas)', 'three', Math.max(1, Math.round(MESSAGES / 2))],
    ];
    console.log(`\n${CONCURRENCY} conexões SMTP simultâneas (nodemailer em pool), ${data.label}:\n`);
    const row = printTable([['cenário', 44], ['msgs', 6], ['referência msg/s', 17], ['listener msg/s', 15], ['razão', 7], ['guardadas', 10]]);
    for (const [name, kind, count] of scenarios) {
      await blast(basePort, kind, Math.min(50, count)); // warm-up, not counted
      await blast(smtpPort, kind, Math.min(50, count));
      const before = await inboxTotal();
      const ref = await blast(basePort, kind, count);
      const ours = await blast(smtpPort, kind, count);
      const stored = (await inboxTotal()) - before;
      row(name, count, ref.rate.toFixed(0), ours.rate.toFixed(0), `${(ours.rate / ref.rate).toFixed(2)}×`, `${stored}/${count}${ours.failed ? ` (${ours.failed} recusadas)` : ''}`);
    }
    console.log('\nreferência: smtp-server que aceita e descarta; listener: o produto, que só responde 250 depois de gravar (arquivos + banco).');
  } finally {
    await app?.stop();
    await baseline?.stop();
    await data.remove();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
