import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { createTransport } from 'nodemailer';
import { DataSource } from 'typeorm';
import { MailMessage } from '../../backend/src/mail/entities/mail-message.entity';
import { MailOrphanSweep } from '../../backend/src/mail/mail-sweep.job';
import { SmtpListener } from '../../backend/src/mail/smtp-listener.service';
import { INLINE_BODY_MAX } from '../../backend/src/mail/mail-content';
import { MailboxService } from '../../backend/src/mail/mailbox.service';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';
import { freePort } from '../support/server';

const run = promisify(execFile);
const MAX_BYTES = 200 * 1024;
const hasSwaks = fs.existsSync('/usr/bin/swaks');

/**
 * A raw SMTP conversation: each command and the server's reply to it, so we see *when* a refusal comes.
 * A function among the commands runs at that point of the conversation (no reply).
 */
async function converse(port: number, commands: (string | (() => Promise<void>))[]): Promise<string[]> {
  const socket = net.connect(port, '127.0.0.1');
  let buffer = '';
  const replies: string[] = [];
  const nextReply = () =>
    new Promise<string>((resolve, reject) => {
      const tryTake = () => {
        // A complete reply ends with a line "NNN text" (no hyphen after the code).
        const m = /(^|\r\n)(\d{3}) [^\r\n]*\r\n/.exec(buffer);
        if (!m) return false;
        const end = m.index + m[0].length;
        const reply = buffer.slice(0, end).trim();
        buffer = buffer.slice(end);
        socket.off('data', onData);
        resolve(reply);
        return true;
      };
      const onData = (d: Buffer) => {
        buffer += d.toString('utf8');
        tryTake();
      };
      socket.once('error', reject);
      if (!tryTake()) socket.on('data', onData);
    });
  await nextReply(); // greeting
  for (const c of commands) {
    if (typeof c === 'function') {
      await c();
      continue;
    }
    socket.write(`${c}\r\n`);
    replies.push(await nextReply());
  }
  socket.end();
  return replies;
}

describe.each(databaseKinds())('SMTP listener on %s', (kind) => {
  let api: TestApi;
  let port: number;
  let users: Record<'master' | 'diretoria' | 'associado', any>;
  let workDir: string;

  const inbox = (who: string, q?: string) => api.get(`/api/emails/inbox${q ? `?filter=${encodeURIComponent(JSON.stringify({ q }))}` : ''}`, who);
  const rowCount = () => api.app.get(DataSource).getRepository(MailMessage).count();

  /** nodemailer as an outside client: one of the SMTP clients we did not write. */
  const client = () => createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, connectionTimeout: 5000 });

  beforeAll(async () => {
    api = await TestApi.start(kind, { SMTP_PORT: String(await freePort()), MAIL_MAX_BYTES: String(MAX_BYTES) });
    users = await api.withStaff();
    port = api.app.get(SmtpListener).address!.port;
    workDir = fs.mkdtempSync(path.join(api.dataDir, 'smtp-test-'));
  });
  afterAll(() => api.stop());

  it('swaks delivers a message with a UTF-8 subject and an attachment into the right inbox', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3000, 7), Buffer.from('\n%%EOF')]);
    const file = path.join(workDir, 'relatório anual.pdf');
    fs.writeFileSync(file, pdf);
    const subject = 'Relatório de ações — São Paulo ✓';
    const send = {
      to: 'dir.ana@veritas.com.br',
      from: 'contador@exemplo.com.br',
      header: `Subject: =?UTF-8?B?${Buffer.from(subject).toString('base64')}?=`,
      body: 'Segue o relatório.\nAtenciosamente,\nContabilidade',
    };
    if (hasSwaks) {
      await run('swaks', [
        '--server', `127.0.0.1:${port}`, '--to', send.to, '--from', send.from, '--header', send.header,
        '--body', send.body, '--attach-type', 'application/pdf', '--attach-name', 'relatório anual.pdf', '--attach', `@${file}`,
        '--suppress-data',
      ]);
    } else {
      await client().sendMail({ from: send.from, to: send.to, subject, text: send.body, attachments: [{ path: file, contentType: 'application/pdf' }] });
    }

    const list = await inbox('diretoria');
    expect(list.status).toBe(200);
    const row = list.body.data.find((m: any) => m.subject === subject);
    expect(row).toMatchObject({ from: 'contador@exemplo.com.br', read: false, hasAttachments: true, folder: 'inbox' });
    expect(row.preview).toBe('Segue o relatório. Atenciosamente,');
    expect(list.body.unread).toBeGreaterThanOrEqual(1);
    // Nobody else got it.
    expect((await inbox('associado')).body.data.some((m: any) => m.subject === subject)).toBe(false);

    const detail = await api.get(`/api/emails/message/${row._id}`, 'diretoria');
    expect(detail.body.data.isHtml).toBe(false);
    expect(detail.body.data.text).toContain('Contabilidade');
    const [att] = detail.body.data.attachments;
    expect(att).toMatchObject({ filename: 'relatório anual.pdf', contentType: 'application/pdf', size: pdf.length });

    const res = await fetch(`${api.baseUrl}/api/emails/attachment/${att.id}`, { headers: { authorization: `Bearer ${api.token.diretoria}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''relat%C3%B3rio%20anual.pdf");
    expect(Buffer.from(await res.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('a message to several colleagues lands once in each inbox, each copy with its own flags', async () => {
    await client().sendMail({
      envelope: { from: 'fora@exemplo.com', to: ['dir.ana@veritas.com.br', 'assoc.bruno@veritas.com.br', 'DIR.ANA@veritas.com.br'] },
      from: 'Fulano <fora@exemplo.com>',
      to: 'dir.ana@veritas.com.br, assoc.bruno@veritas.com.br',
      subject: 'Para os dois',
      html: '<p>Olá a <b>todos</b></p>',
    });
    const ana = (await inbox('diretoria', 'Para os dois')).body.data;
    const bruno = (await inbox('associado', 'Para os dois')).body.data;
    expect(ana).toHaveLength(1);
    expect(bruno).toHaveLength(1);
    expect(ana[0]).toMatchObject({ fromName: 'Fulano', to: [{ address: 'dir.ana@veritas.com.br' }, { address: 'assoc.bruno@veritas.com.br' }] });

    await api.put(`/api/emails/${ana[0]._id}/read`, {}, 'diretoria');
    expect((await api.get(`/api/emails/message/${ana[0]._id}`, 'diretoria')).body.data.read).toBe(true);
    expect((await api.get(`/api/emails/message/${bruno[0]._id}`, 'associado')).body.data.read).toBe(false);
  });

  it('a message delivered again (same Message-ID, same mailbox) is acknowledged with 250 and stored once', async () => {
    const dir = path.join(api.dataDir, 'mail', 'files');
    const files = () => fs.readdirSync(dir, { recursive: true }).filter((f) => fs.statSync(path.join(dir, String(f))).isFile()).length;
    // With an attachment: a file per copy (the small body lives in the row), so a left-over file would show.
    const mail = { from: 'fora@exemplo.com', subject: 'Entregue duas vezes', text: 'Uma só cópia.', messageId: '<dup-1@exemplo.com>', attachments: [{ filename: 'nota.txt', content: 'nota' }] };
    const first = await client().sendMail({ ...mail, to: 'dir.ana@veritas.com.br' });
    expect(first.response).toMatch(/^250 /);
    const rowsBefore = await rowCount();
    const filesBefore = files();
    // The sender retries (it lost the first 250), this time also to a colleague: only Bruno gains a copy.
    const again = await client().sendMail({ ...mail, to: ['dir.ana@veritas.com.br', 'assoc.bruno@veritas.com.br'] });
    expect(again.response).toMatch(/^250 /);
    expect(await rowCount()).toBe(rowsBefore + 1);
    // Twice more at the same moment (two replicas racing): both acknowledged, nothing stored, no file left over.
    const raced = await Promise.all([client().sendMail({ ...mail, to: 'dir.ana@veritas.com.br' }), client().sendMail({ ...mail, to: 'dir.ana@veritas.com.br' })]);
    expect(raced.map((r) => r.response.slice(0, 4))).toEqual(['250 ', '250 ']);
    expect(await rowCount()).toBe(rowsBefore + 1);
    expect((await inbox('diretoria', 'Entregue duas vezes')).body.data).toHaveLength(1);
    expect((await inbox('associado', 'Entregue duas vezes')).body.data).toHaveLength(1);
    expect(files()).toBe(filesBefore + 1);
    // The same Message-ID in Ana's own Enviados would not count: only SMTP deliveries carry the hash.
  });

  it('a message without Message-ID is recognised by its raw bytes', async () => {
    const data = ['From: fora@exemplo.com', 'To: dir.ana@veritas.com.br', 'Subject: Sem identificador', '', 'Corpo igual.', '.'];
    const deliver = () => converse(port, ['EHLO x', 'MAIL FROM:<fora@exemplo.com>', 'RCPT TO:<dir.ana@veritas.com.br>', 'DATA', data.join('\r\n'), 'QUIT']);
    const before = await rowCount();
    const [a, b] = [await deliver(), await deliver()];
    expect(a[4]).toMatch(/^250 /);
    expect(b[4]).toMatch(/^250 /);
    expect(await rowCount()).toBe(before + 1);
    // Different bytes are a different message.
    data[4] = 'Corpo diferente.';
    expect((await deliver())[4]).toMatch(/^250 /);
    expect(await rowCount()).toBe(before + 2);
  });

  it.each(['master@veritas.com.br.', 'MASTER@VERITAS.COM.BR.', 'Master@Veritas.Com.Br..'])(
    'From: %s from outside is the local domain for the forged-sender rule (issue 55): 550, nothing stored',
    async (claimed) => {
      const before = await rowCount();
      const data = [`From: Chefe <${claimed}>`, 'To: master@veritas.com.br', 'Subject: Ponto final forjado', '', 'Pague hoje.', '.'];
      const replies = await converse(port, ['EHLO x', 'MAIL FROM:<fora@exemplo.com>', 'RCPT TO:<master@veritas.com.br>', 'DATA', data.join('\r\n'), 'QUIT']);
      expect(replies[4]).toMatch(/^550 5\.7\.1 </);
      const envelope = await converse(port, ['EHLO x', `MAIL FROM:<${claimed}>`, 'QUIT']);
      // In the envelope the SMTP library already refuses the trailing dot as bad syntax; either way, refused.
      expect(envelope[1]).toMatch(/^(550 5\.7\.1 <|501 )/);
      expect(await rowCount()).toBe(before);
      expect((await inbox('master', 'Ponto final forjado')).body.data).toEqual([]);
    },
  );

  it('the same Message-ID from another sender is another message: an earlier copy never drops the real one (issue 55)', async () => {
    const deliver = (from: string, body: string) =>
      converse(port, ['EHLO x', `MAIL FROM:<${from}>`, 'RCPT TO:<dir.ana@veritas.com.br>', 'DATA', [`From: ${from}`, 'To: dir.ana@veritas.com.br', 'Subject: Mesmo identificador', 'Message-ID: <mesmo-id@banco.exemplo>', '', body, '.'].join('\r\n'), 'QUIT']);
    const before = await rowCount();
    expect((await deliver('atacante@exemplo.com', 'Cópia antecipada.'))[4]).toMatch(/^250 /);
    expect((await deliver('avisos@banco.exemplo', 'A mensagem real.'))[4]).toMatch(/^250 /);
    expect(await rowCount()).toBe(before + 2);
    // The real sender's retry is still recognised: stored once.
    expect((await deliver('avisos@banco.exemplo', 'A mensagem real.'))[4]).toMatch(/^250 /);
    expect(await rowCount()).toBe(before + 2);
    const texts = await Promise.all((await inbox('diretoria', 'Mesmo identificador')).body.data.map(async (m: any) => (await api.get(`/api/emails/message/${m._id}`, 'diretoria')).body.data.text));
    expect(texts.sort()).toEqual(['A mensagem real.', 'Cópia antecipada.']);
  });

  it('an unknown recipient is refused with 550 at RCPT TO, before any data', async () => {
    const replies = await converse(port, [
      'EHLO cliente.exemplo.com',
      'MAIL FROM:<fora@exemplo.com>',
      'RCPT TO:<ninguem@veritas.com.br>',
      'RCPT TO:<alguem@outro-dominio.com>',
      'DATA',
      'QUIT',
    ]);
    expect(replies[2]).toMatch(/^550 /);
    expect(replies[3]).toMatch(/^550 /);
    expect(replies[4]).toMatch(/^503 /); // no valid recipient: no DATA
  });

  it('swaks sees the refusal too, and nothing is stored', async () => {
    const before = await rowCount();
    if (hasSwaks) {
      const result = await run('swaks', ['--server', `127.0.0.1:${port}`, '--to', 'ninguem@veritas.com.br', '--from', 'x@exemplo.com']).then(
        () => null,
        (e: { code: number; stdout: string }) => e,
      );
      expect(result?.code).toBe(24); // swaks: error in RCPT
      expect(result?.stdout).toMatch(/<\*\* 550 <ninguem@veritas.com.br>/);
    } else {
      await expect(client().sendMail({ from: 'x@exemplo.com', to: 'ninguem@veritas.com.br', text: 'x' })).rejects.toMatchObject({ responseCode: 550 });
    }
    expect(await rowCount()).toBe(before);
  });

  it.each([
    ['the envelope (MAIL FROM)', ['--from', 'dir.ana@veritas.com.br'], 23, /<\*\* +550 5\.7\.1 <dir\.ana@veritas\.com\.br>/],
    ['the From: header only', ['--from', 'fora@exemplo.com', '--header', 'From: Diretoria <Dir.Ana@Veritas.com.br>'], 26 /* refused after the data: the header is known only then */, /<\*\* +550 5\.7\.1 <dir\.ana@veritas\.com\.br>/],
  ])('mail from outside claiming a local sender in %s is refused with 550 and nothing is stored', async (_where, from, swaksCode, refusal) => {
    const before = await rowCount();
    if (hasSwaks) {
      const result = await run('swaks', ['--server', `127.0.0.1:${port}`, '--to', 'master@veritas.com.br', ...from, '--header', 'Subject: Pagamento urgente']).then(
        () => null,
        (e: { code: number; stdout: string }) => e,
      );
      expect(result?.code).toBe(swaksCode);
      expect(result?.stdout).toMatch(refusal);
    } else {
      const envelope = from[1];
      const header = from[3]?.replace(/^From:\s*/, '') ?? envelope;
      await expect(client().sendMail({ envelope: { from: envelope, to: 'master@veritas.com.br' }, from: header, to: 'master@veritas.com.br', text: 'x' })).rejects.toMatchObject({ responseCode: 550 });
    }
    expect(await rowCount()).toBe(before);
    expect((await inbox('master', 'Pagamento urgente')).body.data).toEqual([]);
  });

  it('an oversized message is refused with 552 and nothing is stored', async () => {
    const before = await rowCount();
    const error = await client()
      .sendMail({
        from: 'fora@exemplo.com',
        to: 'master@veritas.com.br',
        subject: 'Grande demais',
        text: 'anexo grande',
        attachments: [{ filename: 'grande.bin', content: Buffer.alloc(MAX_BYTES, 1) }],
      })
      .then(() => null, (e: { responseCode?: number }) => e);
    expect(error?.responseCode).toBe(552);
    expect(await rowCount()).toBe(before);
    // The SIZE declared up front is refused at MAIL FROM already.
    const replies = await converse(port, ['EHLO x', `MAIL FROM:<fora@exemplo.com> SIZE=${MAX_BYTES + 1}`, 'QUIT']);
    expect(replies[0]).toContain(`SIZE ${MAX_BYTES}`);
    expect(replies[1]).toMatch(/^552 /);
  });

  it('a mailbox deleted between RCPT TO and the end of DATA gets nothing: 451, no row', async () => {
    const made = await api.post('/api/users', { username: 'temp.carlos', nomeCompleto: 'Carlos Temporário', password: 'Equipe!2026', isAdmin: false, permissions: ['Associados'] }, 'master');
    expect(made.status).toBe(201);
    const before = await rowCount();
    const data = ['From: fora@exemplo.com', 'To: temp.carlos@veritas.com.br', 'Subject: Para quem saiu', '', 'Chegou tarde.', '.'];
    const replies = await converse(port, [
      'EHLO x',
      'MAIL FROM:<fora@exemplo.com>',
      'RCPT TO:<temp.carlos@veritas.com.br>',
      async () => expect((await api.del(`/api/users/${made.body.data._id}`, 'master')).status).toBe(200),
      'DATA',
      data.join('\r\n'),
      'QUIT',
    ]);
    expect(replies.slice(0, 5).map((r) => r.slice(0, 3))).toEqual(['250', '250', '250', '354', '451']);
    expect(await rowCount()).toBe(before);
    // Afterwards the address is refused at RCPT TO, as any unknown one.
    const again = await converse(port, ['EHLO x', 'MAIL FROM:<fora@exemplo.com>', 'RCPT TO:<temp.carlos@veritas.com.br>', 'QUIT']);
    expect(again[2]).toMatch(/^550 /);
  });

  it('a message that cannot be stored is not acknowledged (451) and leaves nothing behind', async () => {
    const before = await rowCount();
    const filesDir = path.join(api.dataDir, 'mail', 'files');
    const aside = `${filesDir}.aside`;
    fs.renameSync(filesDir, aside);
    fs.writeFileSync(filesDir, 'not a directory');
    try {
      const error = await client()
        .sendMail({ from: 'fora@exemplo.com', to: 'master@veritas.com.br', subject: 'Falha', text: 'x', attachments: [{ filename: 'a.txt', content: 'a' }] })
        .then(() => null, (e: { responseCode?: number }) => e);
      expect(error?.responseCode).toBe(451);
    } finally {
      fs.rmSync(filesDir);
      fs.renameSync(aside, filesDir);
    }
    expect(await rowCount()).toBe(before);
  });

  it('an inline image keeps its place: <img data-cid> matching the attachment, no src', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    await client().sendMail({
      from: 'fora@exemplo.com',
      to: 'master@veritas.com.br',
      subject: 'Com logo',
      html: '<p>Logo:</p><img src="cid:logo@exemplo" alt="logo">',
      attachments: [{ filename: 'logo.png', content: png, cid: 'logo@exemplo' }],
    });
    const [row] = (await inbox('master', 'Com logo')).body.data;
    const detail = (await api.get(`/api/emails/message/${row._id}`, 'master')).body.data;
    expect(detail.body).toContain('data-cid="logo@exemplo"');
    expect(detail.body).not.toMatch(/src=/);
    expect(detail.attachments).toEqual([expect.objectContaining({ filename: 'logo.png', contentId: 'logo@exemplo', size: png.length })]);
  });

  it('mail for a staff address is never readable by another staff member (404)', async () => {
    const [row] = (await inbox('master', 'Com logo')).body.data;
    const detail = (await api.get(`/api/emails/message/${row._id}`, 'master')).body.data;
    expect((await api.get(`/api/emails/message/${row._id}`, 'diretoria')).status).toBe(404);
    expect((await api.get(`/api/emails/attachment/${detail.attachments[0].id}`, 'associado')).status).toBe(404);
    expect(users.master.email).toBe('master@veritas.com.br');
  });

  it('a small body lives in its row, one over INLINE_BODY_MAX in a file; each copy of a message to two mailboxes has its own; all read back whole', async () => {
    const small = 'Corpo curto com acentuação: ação, São Paulo.';
    const large = `${'Parágrafo longo de um contrato social, cláusula após cláusula. '.repeat(1200)}fim`;
    expect(Buffer.byteLength(large)).toBeGreaterThan(INLINE_BODY_MAX);
    await client().sendMail({ from: 'fora@exemplo.com', to: 'master@veritas.com.br, dir.ana@veritas.com.br', subject: 'Corpo na linha', text: small });
    await client().sendMail({ from: 'fora@exemplo.com', to: 'master@veritas.com.br', subject: 'Corpo em arquivo', text: large });
    const rows: { ownerId: string; subject: string; bodyFile: string; body: string | null }[] = await api.app
      .get(DataSource)
      .query("SELECT ownerId, subject, bodyFile, body FROM mail_messages WHERE subject IN ('Corpo na linha', 'Corpo em arquivo') ORDER BY subject");
    expect(rows.map((r) => [r.subject, r.bodyFile === '', r.body === null])).toEqual([
      ['Corpo em arquivo', false, true],
      ['Corpo na linha', true, false],
      ['Corpo na linha', true, false],
    ]);
    expect(new Set(rows.slice(1).map((r) => r.ownerId)).size).toBe(2);
    const filesDir = path.join(api.dataDir, 'mail', 'files');
    expect(fs.existsSync(path.join(filesDir, rows[0].bodyFile.slice(0, 2), rows[0].bodyFile))).toBe(true);
    for (const [who, subject, text] of [['master', 'Corpo na linha', small], ['diretoria', 'Corpo na linha', small], ['master', 'Corpo em arquivo', large]]) {
      const [row] = (await inbox(who, subject)).body.data;
      const detail = await api.get(`/api/emails/message/${row._id}`, who);
      expect(detail.status).toBe(200);
      expect(detail.body.data.text.trim()).toBe(text);
    }
  });

  it('on the local disk, the sweep removes the mail files a killed process left without rows, and nothing else', async () => {
    const stored = (await api.app.get(DataSource).query('SELECT bodyFile FROM mail_messages')) as { bodyFile: string }[];
    expect(stored.length).toBeGreaterThan(0);
    const filesDir = path.join(api.dataDir, 'mail', 'files');
    const orphan = path.join(filesDir, 'ab', 'abcdef01-2345-4678-9abc-def012345678');
    const queuedOrphan = path.join(api.dataDir, 'mail', 'outbox', 'outbox-0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9');
    const foreign = path.join(filesDir, 'ab', 'LEIA-ME.txt');
    fs.mkdirSync(path.dirname(orphan), { recursive: true });
    for (const f of [orphan, queuedOrphan, foreign]) fs.writeFileSync(f, 'x');
    const sweep = api.app.get(MailOrphanSweep);
    try {
      // Files newer than the limit are left (a write in progress is not an orphan).
      expect(await sweep.sweep(Date.now() - 60_000)).toBe(0);
      expect(await sweep.sweep(Date.now() + 1_000)).toBe(2);
      expect([fs.existsSync(orphan), fs.existsSync(queuedOrphan), fs.existsSync(foreign)]).toEqual([false, false, true]);
    } finally {
      fs.rmSync(foreign, { force: true });
    }
    expect(await api.app.get(DataSource).query('SELECT bodyFile FROM mail_messages')).toEqual(stored);
    const bodyFiles = stored.map((r) => r.bodyFile).filter((f) => f);
    // The large body above is a file; the small ones live in their rows.
    expect(bodyFiles.length).toBeGreaterThan(0);
    for (const bodyFile of bodyFiles) expect(fs.existsSync(path.join(filesDir, bodyFile.slice(0, 2), bodyFile))).toBe(true);
  });

  it('a name linked just now to an older file is not a leftover (its ctime is new), and the names are looked up from indexes', async () => {
    const filesDir = path.join(api.dataDir, 'mail', 'files');
    const first = path.join(filesDir, 'cd', 'cdef0123-4567-4890-8bcd-ef0123456789');
    const linked = path.join(filesDir, 'ce', 'cef01234-5678-4901-8cde-f01234567890');
    for (const f of [first, linked]) fs.mkdirSync(path.dirname(f), { recursive: true });
    fs.writeFileSync(first, 'x');
    await new Promise((r) => setTimeout(r, 50));
    const between = Date.now();
    await new Promise((r) => setTimeout(r, 50));
    // What storing an identical body again does (MailFiles: link, then the row): the new name keeps the old mtime.
    fs.linkSync(first, linked);
    expect(fs.statSync(linked).mtimeMs).toBeLessThan(between);
    try {
      expect(await api.app.get(MailOrphanSweep).sweep(between)).toBe(0);
      expect([fs.existsSync(first), fs.existsSync(linked)]).toEqual([true, true]);
    } finally {
      for (const f of [first, linked]) fs.rmSync(f, { force: true });
    }
    const db = api.app.get(DataSource);
    for (const [table, index] of [['mail_messages', 'ix_mail_body_file'], ['mail_attachments', 'ix_mail_att_stored'], ['mail_outbox', 'ix_mail_outbox_payload']]) {
      const found: unknown[] =
        kind === 'sqlite' ? await db.query(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND name = ?`, [table, index]) : await db.query(`SHOW INDEX FROM ${table} WHERE Key_name = ?`, [index]);
      expect([table, found.length]).toEqual([table, 1]);
    }
    if (kind === 'sqlite') {
      const plan: { detail: string }[] = await db.query('EXPLAIN QUERY PLAN SELECT bodyFile AS name FROM mail_messages WHERE bodyFile IN (?, ?)', ['a', 'b']);
      expect(plan.map((p) => p.detail).join(' ')).toContain('ix_mail_body_file');
    }
  });

  it("a mailbox's size is summed from an index alone, and once at a time however many RCPT TOs ask for it", async () => {
    const db = api.app.get(DataSource);
    const [{ id: master }] = await db.query('SELECT id FROM users WHERE email = ?', ['master@veritas.com.br']);
    const sql = 'SELECT ownerId, SUM(size) AS used FROM mail_messages WHERE ownerId IN (?) GROUP BY ownerId';
    if (kind === 'sqlite') {
      const plan: { detail: string }[] = await db.query(`EXPLAIN QUERY PLAN ${sql}`, [master]);
      expect(plan.map((p) => p.detail).join(' ')).toContain('COVERING INDEX ix_mail_owner_size');
    } else {
      const [plan] = await db.query(`EXPLAIN ${sql}`, [master]);
      expect([plan.key, plan.Extra]).toEqual(['ix_mail_owner_size', expect.stringContaining('Using index')]);
    }
    // The sum the listener remembers has expired (30 s): eight deliveries at once, each with its RCPT TO.
    const remembered: Map<string, { used: number; at: number }> = (api.app.get(SmtpListener) as any).usage;
    remembered.set(master, { used: 0, at: 0 });
    const sums = jest.spyOn(api.app.get(MailboxService), 'usage');
    try {
      const sent = await Promise.all(
        Array.from({ length: 8 }, (_, i) => client().sendMail({ from: 'fora@exemplo.com', to: 'master@veritas.com.br', subject: `Soma ${i}`, text: 'Quanto ocupa a caixa?' })),
      );
      expect(sent.map((s) => s.rejected)).toEqual(Array(8).fill([]));
      expect(sums.mock.calls.filter(([ids]) => ids.includes(master))).toHaveLength(1);
    } finally {
      sums.mockRestore();
    }
    // Made again meanwhile, from the rows as they were then (some of the eight may have been stored after it).
    const [{ used }] = await db.query(sql, [master]);
    expect(remembered.get(master)!.at).toBeGreaterThan(0);
    expect(remembered.get(master)!.used).toBeLessThanOrEqual(Number(used));
  });
});

describe('SMTP listener with STARTTLS', () => {
  let api: TestApi;
  let port: number;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'veritas-tls-'));
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    await run('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=localhost']);
    api = await TestApi.start('sqlite', { SMTP_PORT: String(await freePort()), SMTP_TLS_KEY: key, SMTP_TLS_CERT: cert });
    await api.loginStaff('master', 'master@veritas.com.br', 'Master!2026pw');
    port = api.app.get(SmtpListener).address!.port;
  });
  afterAll(async () => {
    await api.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('offers STARTTLS and takes mail over it', async () => {
    const [ehlo] = await converse(port, ['EHLO x', 'QUIT']);
    expect(ehlo).toContain('STARTTLS');
    const transport = createTransport({ host: '127.0.0.1', port, secure: false, requireTLS: true, tls: { rejectUnauthorized: false } });
    const info = await transport.sendMail({ from: 'fora@exemplo.com', to: 'master@veritas.com.br', subject: 'Por TLS', text: 'seguro' });
    expect(info.accepted).toEqual(['master@veritas.com.br']);
    const list = await api.get('/api/emails/inbox', 'master');
    expect(list.body.data.map((m: any) => m.subject)).toContain('Por TLS');
  });

  it('without a certificate it does not offer STARTTLS', async () => {
    const plain = await TestApi.start('sqlite', { SMTP_PORT: String(await freePort()) });
    try {
      const [ehlo] = await converse(plain.app.get(SmtpListener).address!.port, ['EHLO x', 'QUIT']);
      expect(ehlo).not.toContain('STARTTLS');
      expect(ehlo).not.toContain('AUTH');
    } finally {
      await plain.stop();
    }
  });
});
