import { randomBytes, randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { createTransport } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../backend/src/platform/config/config';
import { MailMessage } from '../../backend/src/mail/entities/mail-message.entity';
import { MailSpoolRow } from '../../backend/src/mail/entities/mail-spool.entity';
import { MailboxService } from '../../backend/src/mail/mailbox.service';
import { MailFileWriter, MailFiles } from '../../backend/src/platform/storage/mail-files';
import { MailSpool, SPOOL_ROW_MAX_BYTES } from '../../backend/src/mail/mail-spool.service';
import { MailOrphanSweep } from '../../backend/src/mail/mail-sweep.job';
import { SmtpListener } from '../../backend/src/mail/smtp-listener.service';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';
import { freePort } from '../support/server';

/**
 * An SMTP conversation taken up to the last line of a message's data (dot-stuffed, CRLF lines): `end`
 * sends the end of data and resolves with the server's reply to it.
 */
async function dataUpToTheEnd(port: number, message: Buffer): Promise<{ end: () => Promise<string> }> {
  const socket = net.connect(port, '127.0.0.1');
  let buffer = '';
  const waiting: ((line: string) => void)[] = [];
  socket.on('data', (d: Buffer) => {
    buffer += d.toString('utf8');
    for (let m = /^(\d{3}) [^\r\n]*\r\n/m.exec(buffer); m && waiting.length; m = /^(\d{3}) [^\r\n]*\r\n/m.exec(buffer)) {
      buffer = buffer.slice(m.index + m[0].length);
      (waiting.shift() as (line: string) => void)(m[0].trim());
    }
  });
  const reply = () => new Promise<string>((resolve) => waiting.push(resolve));
  const say = async (line: string, code: string) => {
    const answer = reply();
    socket.write(`${line}\r\n`);
    expect(await answer).toMatch(new RegExp(`^${code} `));
  };
  expect(await reply()).toMatch(/^220 /);
  await say('EHLO teste', '250');
  await say('MAIL FROM:<fora@exemplo.com>', '250');
  await say('RCPT TO:<master@veritas.com.br>', '250');
  await say('DATA', '354');
  const text = message.toString('latin1').replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..');
  await new Promise<void>((resolve) => socket.write(Buffer.from(text.endsWith('\r\n') ? text : `${text}\r\n`, 'latin1'), () => resolve()));
  return {
    end: async () => {
      const answer = reply();
      socket.write('.\r\n');
      const line = await answer;
      socket.end();
      return line;
    },
  };
}

/**
 * The SMTP spool (issue 14): with MAIL_SPOOL=always every message is answered 250 once its raw
 * bytes are committed to mail_spool, and reaches the inboxes a moment later, the spool row deleted
 * in the transaction that stores it. (MAIL_SPOOL=auto, the default, does this only while the
 * listener is busy: the faults suite's burst and kill -9 go through it.)
 */
describe.each(databaseKinds())('SMTP spool on %s', (kind) => {
  let api: TestApi;
  let port: number;
  let users: Record<'master' | 'diretoria' | 'associado', any>;
  /** The mailbox owners' ids. */
  const ids: Record<string, string> = {};
  let spool: MailSpool;

  const client = (pool = false) => createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, ...(pool ? { pool: true, maxConnections: 8 } : {}) });
  const spooled = () => api.app.get(DataSource).getRepository(MailSpoolRow).find();
  const stored = (subject: string) => api.app.get(DataSource).getRepository(MailMessage).find({ where: { subject } });
  const raw = (fields: Record<string, unknown>) =>
    new Promise<Buffer>((resolve, reject) => new MailComposer(fields).compile().build((err, message) => (err ? reject(err) : resolve(message))));

  beforeAll(async () => {
    api = await TestApi.start(kind, { SMTP_PORT: String(await freePort()), MAIL_SPOOL: 'always' });
    users = await api.withStaff();
    for (const who of ['master', 'associado'] as const) ids[who] = users[who]._id ?? users[who].id;
    port = api.app.get(SmtpListener).address!.port;
    spool = api.app.get(MailSpool);
  });
  afterAll(() => api.stop());
  afterEach(() => jest.restoreAllMocks());

  it('answers 250 once the message is spooled; it is in the inbox a moment later, readable, and the spool is empty', async () => {
    const info = await client().sendMail({ from: 'Contador <contador@exemplo.com.br>', to: 'master@veritas.com.br', subject: 'Pela fila', text: 'Balanço anexo.', attachments: [{ filename: 'balanco.txt', content: 'ativo e passivo' }] });
    expect(info.response).toMatch(/^250 OK: message queued as [0-9a-f-]{36}$/);
    await spool.idle();
    expect(await spooled()).toEqual([]);
    const row = (await api.get(`/api/emails/inbox?filter=${encodeURIComponent(JSON.stringify({ q: 'Pela fila' }))}`, 'master')).body.data[0];
    expect(row).toMatchObject({ subject: 'Pela fila', from: 'contador@exemplo.com.br', hasAttachments: true });
    const detail = (await api.get(`/api/emails/message/${row._id}`, 'master')).body.data;
    expect(detail.text).toContain('Balanço anexo.');
    const file = await fetch(`${api.baseUrl}/api/emails/attachment/${detail.attachments[0]._id ?? detail.attachments[0].id}`, { headers: { authorization: `Bearer ${api.token.master}` } });
    expect(await file.text()).toBe('ativo e passivo');
  });

  it('a spooled row holds the bytes as received (every byte value; on MySQL over the binary protocol), its envelope and a 5-minute lease', async () => {
    const bytes = Buffer.concat([Buffer.from('From: fora@exemplo.com\r\nSubject: Bytes na fila\r\n\r\n'), Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(200_000)]);
    // Held in the table (no drain) while it is read.
    jest.spyOn(spool as unknown as { schedule(): void }, 'schedule').mockImplementation(() => undefined);
    // Prepared statements run by the server (nothing else in the app uses them).
    const executed = async () => (kind === 'mysql' ? Number((await api.app.get(DataSource).query("SHOW GLOBAL STATUS LIKE 'Com_stmt_execute'"))[0].Value) : 0);
    const executedBefore = await executed();
    const before = Date.now();
    const id = await spool.add(bytes, 'fora@exemplo.com', [ids.master], '203.0.113.9');
    if (kind === 'mysql') expect(await executed()).toBeGreaterThan(executedBefore);
    const row = await api.app.get(DataSource).getRepository(MailSpoolRow).findOneByOrFail({ id });
    expect(Buffer.compare(Buffer.from(row.raw), bytes)).toBe(0);
    expect(row).toMatchObject({ mailFrom: 'fora@exemplo.com', remoteAddress: '203.0.113.9', attempts: 0, lastError: null });
    expect(JSON.parse(row.owners)).toEqual([ids.master]);
    // DATETIME keeps whole seconds.
    expect(Math.abs(row.createdAt.getTime() - before)).toBeLessThan(2_000);
    expect(Math.abs(row.leaseUntil.getTime() - (before + 5 * 60_000))).toBeLessThan(2_000);
    jest.restoreAllMocks();
    await spool.idle();
    expect(await spooled()).toEqual([]);
    expect((await stored('Bytes na fila')).map((m) => m.ownerId)).toEqual([ids.master]);
  });

  it('a message over 1 MB is spooled in the mail file its row names, stored whole, and the file removed', async () => {
    const files = api.app.get(MailFiles);
    const attachment = randomBytes(1_500_000);
    const bytes = await raw({ from: 'fora@exemplo.com', to: 'master@veritas.com.br', subject: 'Grande na fila', text: 'Contrato social anexo.', attachments: [{ filename: 'contrato.bin', content: attachment }] });
    expect(bytes.length).toBeGreaterThan(SPOOL_ROW_MAX_BYTES);
    jest.spyOn(spool as unknown as { schedule(): void }, 'schedule').mockImplementation(() => undefined);
    // As the listener hands it over: the bytes already in a synced mail file.
    const { name } = await files.write(bytes);
    const id = await spool.add({ rawFile: name, bytes: bytes.length }, 'fora@exemplo.com', [ids.master], '203.0.113.9');
    const row = await api.app.get(DataSource).getRepository(MailSpoolRow).findOneByOrFail({ id });
    expect(Buffer.from(row.raw).length).toBe(0);
    expect(row.rawFile).toMatch(/^[0-9a-f-]{36}$/);
    expect(Buffer.compare(await files.read(row.rawFile!), bytes)).toBe(0);
    // Named by a row: the orphan sweep leaves it, however old.
    await api.app.get(MailOrphanSweep).sweep(Date.now() + 60_000);
    expect(await files.size(row.rawFile!)).toBe(bytes.length);
    jest.restoreAllMocks();
    await spool.idle();
    expect(await spooled()).toEqual([]);
    await expect(files.size(row.rawFile!)).rejects.toMatchObject({ code: 'ENOENT' });
    const [message] = await stored('Grande na fila');
    expect(message.ownerId).toBe(ids.master);
    const detail = (await api.get(`/api/emails/message/${message.id}`, 'master')).body.data;
    expect(detail.text).toContain('Contrato social anexo.');
    const file = await fetch(`${api.baseUrl}/api/emails/attachment/${detail.attachments[0]._id ?? detail.attachments[0].id}`, { headers: { authorization: `Bearer ${api.token.master}` } });
    expect(Buffer.compare(Buffer.from(await file.arrayBuffer()), attachment)).toBe(0);
  });

  it('over SMTP a large message is answered "queued" too, and a row with its file left by a dead process is stored by the next pass', async () => {
    const attachment = randomBytes(1_200_000);
    const info = await client().sendMail({ from: 'fora@exemplo.com', to: 'master@veritas.com.br', subject: 'Grande por SMTP', text: 'x', attachments: [{ filename: 'a.bin', content: attachment }] });
    expect(info.response).toMatch(/^250 OK: message queued as /);
    await spool.idle();
    expect((await stored('Grande por SMTP')).length).toBe(1);
    // A process that died after its 250: the row and its file, no inbox yet.
    const files = api.app.get(MailFiles);
    const bytes = await raw({ from: 'fora@exemplo.com', to: 'master@veritas.com.br', subject: 'Grande deixada', text: 'y', attachments: [{ filename: 'b.bin', content: attachment }] });
    const { name } = await files.write(bytes);
    await api.app.get(DataSource).getRepository(MailSpoolRow).insert({ id: randomUUID(), createdAt: new Date(), updatedAt: new Date(), raw: Buffer.alloc(0), rawFile: name, mailFrom: 'fora@exemplo.com', owners: JSON.stringify([ids.master]), remoteAddress: '127.0.0.1', leaseUntil: new Date(Date.now() - 1000), attempts: 0, lastError: null });
    expect(await spool.recover(false)).toBe(1);
    expect((await stored('Grande deixada')).length).toBe(1);
    expect(await spooled()).toEqual([]);
    await expect(files.size(name)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('a large message whose spool row cannot be committed is answered 451 and leaves no file behind', async () => {
    const mailFilesNow = () => fs.readdirSync(path.join(api.dataDir, 'mail'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
    const before = mailFilesNow();
    jest.spyOn(spool, 'add').mockRejectedValue(new Error('database is locked'));
    await expect(client().sendMail({ from: 'fora@exemplo.com', to: 'master@veritas.com.br', subject: 'Sem linha', text: 'x', attachments: [{ filename: 'a.bin', content: randomBytes(1_200_000) }] })).rejects.toMatchObject({ responseCode: 451 });
    expect(mailFilesNow()).toBe(before); // neither in tmp/ nor placed
    jest.restoreAllMocks();
    await spool.idle();
    expect(await stored('Sem linha')).toEqual([]);
    expect(await spooled()).toEqual([]);
  });

  it('auto: of large messages that end together, one is stored before its 250 and the others are queued (the listener counted busy before any wait)', async () => {
    const config = api.app.get<AppConfig>(APP_CONFIG);
    config.mail.spool = 'auto';
    // Their files' syncs end together (a slow disk, as with bench/mail-listener.mjs's 20 MB messages):
    // each waits for the others' before it returns.
    const finish = MailFileWriter.prototype.finish;
    let synced = 0;
    let release: () => void = () => undefined;
    const all = new Promise<void>((resolve) => (release = resolve));
    jest.spyOn(MailFileWriter.prototype, 'finish').mockImplementation(async function (this: MailFileWriter) {
      const name = await finish.call(this);
      if (++synced === 4) release();
      await Promise.race([all, new Promise((resolve) => setTimeout(resolve, 5000))]);
      return name;
    });
    try {
      const subjects = [0, 1, 2, 3].map((i) => `Juntas ${i}`);
      const messages = await Promise.all(subjects.map((subject) => raw({ from: 'fora@exemplo.com', to: 'master@veritas.com.br', subject, text: 'x', attachments: [{ filename: 'a.bin', content: randomBytes(1_200_000) }] })));
      // Four conversations up to the last line of their data; then the four ends of data at once.
      const open = await Promise.all(messages.map((message) => dataUpToTheEnd(port, message)));
      const replies = await Promise.all(open.map(({ end }) => end()));
      for (const r of replies) expect(r).toMatch(/^250 /);
      expect(replies.filter((r) => /queued as/.test(r)).length).toBeGreaterThanOrEqual(3);
      await spool.idle();
      for (const subject of subjects) expect((await stored(subject)).length).toBe(1);
      expect(await spooled()).toEqual([]);
    } finally {
      config.mail.spool = 'always';
    }
  });

  it('a burst over 8 connections: every message once in each recipient inbox, the same Message-ID twice stored once', async () => {
    const pool = client(true);
    const sends = Array.from({ length: 30 }, (_, i) =>
      pool.sendMail({ from: 'fora@exemplo.com', to: ['master@veritas.com.br', users.associado.email], subject: `Rajada fila ${i}`, messageId: `<rajada-fila-${i}@exemplo.com>`, text: `Mensagem ${i}` }),
    );
    // A repeated delivery (the sender retried), inside the same burst.
    sends.push(pool.sendMail({ from: 'fora@exemplo.com', to: 'master@veritas.com.br', subject: 'Rajada fila 0', messageId: '<rajada-fila-0@exemplo.com>', text: 'Mensagem 0' }));
    const replies = await Promise.all(sends);
    pool.close();
    for (const r of replies) expect(r.response).toMatch(/^250 /);
    await spool.idle();
    for (let i = 0; i < 30; i += 1) {
      const rows = await stored(`Rajada fila ${i}`);
      expect(rows.map((m) => m.ownerId).sort()).toEqual([ids.master, ids.associado].sort());
    }
    expect(await spooled()).toEqual([]);
  });

  it('refuses a forged local sender with 550 before any 250, from the header block (folded, encoded), and spools nothing', async () => {
    const forged = [
      await raw({ from: 'Diretoria <dir.ana@veritas.com.br>', to: 'master@veritas.com.br', subject: 'Forjada 1', text: 'x' }),
      Buffer.from('From:\r\n  "Financeiro" <master@veritas.com.br>\r\nTo: master@veritas.com.br\r\nSubject: Forjada 2\r\n\r\nx\r\n'),
      Buffer.from('From: =?UTF-8?B?RGlyZcOnw6Nv?= <dir.ana@VERITAS.com.br>\r\nTo: master@veritas.com.br\r\nSubject: Forjada 3\r\n\r\nx\r\n'),
      Buffer.from('From: fora@exemplo.com\r\nSender: assoc.bruno@veritas.com.br\r\nTo: master@veritas.com.br\r\nSubject: Forjada 4\r\n\r\nx\r\n'),
    ];
    for (const message of forged) {
      await expect(client().sendMail({ envelope: { from: 'fora@exemplo.com', to: ['master@veritas.com.br'] }, raw: message })).rejects.toMatchObject({ responseCode: 550 });
    }
    await spool.idle();
    expect(await spooled()).toEqual([]);
    for (let i = 1; i <= 4; i += 1) expect(await stored(`Forjada ${i}`)).toEqual([]);
  });

  it('a message that cannot be stored stays in the spool with its error, and a later pass stores it', async () => {
    jest.spyOn(api.app.get(MailboxService), 'storeAll').mockRejectedValue(new Error('disco cheio'));
    const info = await client().sendMail({ from: 'fora@exemplo.com', to: 'master@veritas.com.br', subject: 'Guardada depois', text: 'x' });
    expect(info.response).toMatch(/^250 /);
    await spool.idle();
    const [row] = await spooled();
    expect(row).toMatchObject({ attempts: 1, lastError: 'disco cheio' });
    expect(row.leaseUntil.getTime()).toBeGreaterThan(Date.now());
    expect(await stored('Guardada depois')).toEqual([]);
    // Its wait is not over: a pass over expired leases leaves it.
    jest.restoreAllMocks();
    expect(await spool.recover(false)).toBe(0);
    // A single process's start takes every row.
    expect(await spool.recover(true)).toBe(1);
    expect((await stored('Guardada depois')).length).toBe(1);
    expect(await spooled()).toEqual([]);
  });

  it('rows left by a process that died are stored once a pass takes them; a recipient deleted meanwhile is skipped', async () => {
    const repo = api.app.get(DataSource).getRepository(MailSpoolRow);
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 60_000);
    const row = async (subject: string, owners: string[], leaseUntil: Date) =>
      repo.insert({ id: randomUUID(), createdAt: new Date(), updatedAt: new Date(), raw: await raw({ from: 'fora@exemplo.com', to: 'master@veritas.com.br', subject, text: subject, messageId: `<${subject.replace(/ /g, '-')}@exemplo.com>` }), mailFrom: 'fora@exemplo.com', owners: JSON.stringify(owners), remoteAddress: '127.0.0.1', leaseUntil, attempts: 0, lastError: null });
    await row('Deixada expirada', [ids.master], past);
    await row('Deixada em uso', [ids.master], future);
    await row('Para ninguém', ['01900000-0000-7000-8000-000000000000'], past);
    // Another process's rows: only the expired ones are taken.
    expect(await spool.recover(false)).toBe(2);
    expect((await stored('Deixada expirada')).map((m) => m.ownerId)).toEqual([ids.master]);
    expect(await stored('Deixada em uso')).toEqual([]);
    expect(await stored('Para ninguém')).toEqual([]);
    const [left] = await spooled();
    expect(Math.abs(left.leaseUntil.getTime() - future.getTime())).toBeLessThan(1000);
    // A restart of the one process takes the rest; a row stored twice is still one message.
    await row('Deixada expirada', [ids.master], past);
    expect(await spool.recover(true)).toBe(2);
    expect((await stored('Deixada expirada')).length).toBe(1);
    expect((await stored('Deixada em uso')).length).toBe(1);
    expect(await spooled()).toEqual([]);
  });

  it('MAIL_SPOOL=auto: a message alone is stored before its 250', async () => {
    const config = (spool as unknown as { config: { mail: { spool: string } } }).config;
    config.mail.spool = 'auto';
    try {
      const info = await client().sendMail({ from: 'fora@exemplo.com', to: 'master@veritas.com.br', subject: 'Sozinha', text: 'x' });
      expect(info.response).toMatch(/^250 OK: message stored as /);
      expect((await stored('Sozinha')).length).toBe(1);
    } finally {
      config.mail.spool = 'always';
    }
  });
});
