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
import { execSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(ROOT, 'backend', 'package.json'));
const nodemailer = require('nodemailer');
const MASTER_PASSWORD = 'Master!2026pw';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] && !args[i + 1].startsWith('--') ? args[i + 1] : fallback;
};
const MESSAGES = Number(opt('messages', 1000));
const CONCURRENCY = Number(opt('concurrency', 8));
const MYSQL = opt('mysql', null);

async function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function spawnNode(argv, env, ready) {
  const child = spawn(process.execPath, argv, { cwd: ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return (async () => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`o processo terminou:\n${out}`);
      if (await ready().catch(() => false)) return { stop, output: () => out };
      if (Date.now() > deadline) throw new Error(`o processo não respondeu:\n${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
}

const canConnect = (port) =>
  new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1', () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });

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
  if (!args.includes('--no-build')) {
    console.log('Compilando @veritas/common e @veritas/backend...');
    execSync('npm run build -w @veritas/common && npm run build -w @veritas/backend', { cwd: ROOT, stdio: 'ignore' });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veritas-bench-mail-'));
  let dbUrl;
  let dropDb = async () => {};
  if (MYSQL) {
    const mysql = require('mysql2/promise');
    const name = `veritas_bench_${Date.now()}`;
    const admin = await mysql.createConnection(MYSQL);
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await admin.end();
    dbUrl = `${MYSQL.replace(/\/$/, '')}/${name}`;
    dropDb = async () => {
      const c = await mysql.createConnection(MYSQL);
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
    };
  }

  const [httpPort, smtpPort, basePort] = [await freePort(), await freePort(), await freePort()];
  const base = `http://127.0.0.1:${httpPort}`;
  const app = await spawnNode([path.join(ROOT, 'backend', 'dist', 'main.js')], {
    PORT: String(httpPort), HOST: '127.0.0.1', DATA_DIR: dataDir, MASTER_PASSWORD, SMTP_PORT: String(smtpPort), ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
  }, async () => (await fetch(`${base}/api/health`)).ok && (await canConnect(smtpPort)));
  const baseline = await spawnNode(['-e', BASELINE], { SMTP_PORT: String(basePort) }, () => canConnect(basePort));

  try {
    const login = await (await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'master@veritas.com.br', password: MASTER_PASSWORD }) })).json();
    const auth = { authorization: `Bearer ${login.token}`, 'content-type': 'application/json' };
    for (const username of ['equipe.um', 'equipe.dois']) {
      await fetch(`${base}/api/users`, { method: 'POST', headers: auth, body: JSON.stringify({ username, nomeCompleto: username, password: 'Equipe!2026', isAdmin: false, permissions: ['Associados'] }) });
    }
    const inboxTotal = async () => (await (await fetch(`${base}/api/emails/inbox?range=[0,0]`, { headers: auth })).json()).total;

    const scenarios = [
      ['texto e HTML (~4 KB), 1 destinatário', 'small', MESSAGES],
      ['com anexo de 100 KB, 1 destinatário', 'attachment', Math.max(1, Math.round(MESSAGES / 4))],
      ['texto e HTML, 3 destinatários (3 caixas)', 'three', Math.max(1, Math.round(MESSAGES / 2))],
    ];
    console.log(`\n${CONCURRENCY} conexões SMTP simultâneas (nodemailer em pool), ${dbUrl ? 'MariaDB/MySQL' : 'SQLite'}:\n`);
    console.log('cenário'.padEnd(44), 'msgs'.padStart(6), 'referência msg/s'.padStart(17), 'listener msg/s'.padStart(15), 'razão'.padStart(7), 'guardadas'.padStart(10));
    for (const [name, kind, count] of scenarios) {
      await blast(basePort, kind, Math.min(50, count)); // warm-up, not counted
      await blast(smtpPort, kind, Math.min(50, count));
      const before = await inboxTotal();
      const ref = await blast(basePort, kind, count);
      const ours = await blast(smtpPort, kind, count);
      const stored = (await inboxTotal()) - before;
      console.log(
        name.padEnd(44),
        String(count).padStart(6),
        ref.rate.toFixed(0).padStart(17),
        ours.rate.toFixed(0).padStart(15),
        `${(ours.rate / ref.rate).toFixed(2)}×`.padStart(7),
        `${stored}/${count}${ours.failed ? ` (${ours.failed} recusadas)` : ''}`.padStart(10),
      );
    }
    console.log('\nreferência: smtp-server que aceita e descarta; listener: o produto, que só responde 250 depois de gravar (arquivos + banco).');
  } finally {
    await app.stop();
    await baseline.stop();
    await dropDb();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
