import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createTestDatabase, databaseKinds, DbKind, TestDatabase } from '../support/db';
import { freePort, registerCliente, RunningApp, startApp } from '../support/server';
import { samplePdf } from '../../backend/src/documentos/sample-files';
import { SmtpSink } from '../support/smtp-sink';

/** Every entry under `root` whose mode is not 0600 (files) or 0700 (folders), with its mode. */
function looseModes(root: string): string[] {
  const out: string[] = [];
  const visit = (p: string) => {
    const s = fs.lstatSync(p);
    const want = s.isDirectory() ? 0o700 : 0o600;
    if ((s.mode & 0o777) !== want) out.push(`${path.relative(root, p) || '.'} ${(s.mode & 0o777).toString(8)}`);
    if (s.isDirectory()) for (const n of fs.readdirSync(p)) visit(path.join(p, n));
  };
  visit(root);
  return out;
}

async function call(app: RunningApp, method: string, url: string, body?: unknown, token?: string): Promise<any> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const r = await fetch(app.baseUrl + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: r.status, body: await r.json().catch(() => null) };
}

async function login(app: RunningApp, url: string, email: string, password: string): Promise<string> {
  const r = await call(app, 'POST', url, { email, password });
  if (r.status !== 200) throw new Error(`login ${email}: ${r.status}`);
  return r.body.token;
}

jest.setTimeout(300_000);

/** The built server started as an operator starts it, on SQLite or on a database of its own. */
async function start(kind: DbKind, db: TestDatabase, opts: { env?: Record<string, string>; dataDir?: string } = {}): Promise<RunningApp> {
  return startApp({ timeoutMs: 120_000, dataDir: opts.dataDir, env: { ...(db.url ? { DATABASE_URL: db.url } : {}), ...opts.env } });
}

describe.each(databaseKinds())('start-up defaults and files on %s', (kind) => {
  let db: TestDatabase;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await SmtpSink.start();
  });
  beforeEach(async () => {
    db = await createTestDatabase(kind);
  });
  afterEach(() => db.drop());
  afterAll(() => sink.stop());

  it('without SITE_URL, a reset link points to the address the server serves (its PORT), says so at start-up, and works', async () => {
    const app = await start(kind, db, { env: { SMTP_URL: sink.url } });
    try {
      const port = new URL(app.baseUrl).port;
      expect(port).not.toBe('3000');
      expect(app.output()).toContain(`Links nos e-mails (SITE_URL): http://127.0.0.1:${port}`);
      sink.messages.length = 0;
      const cliente = await registerCliente(app.baseUrl);
      const asked = await fetch(`${app.baseUrl}/api/auth/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: cliente.email }),
      });
      expect(asked.status).toBe(200);
      // The registration's welcome (issue 53) goes out too: the reset message by its subject.
      const mail = await sink.waitForSubject('Redefinição de senha — Veritas Assessoria Empresarial');
      const link = /(http:\/\/[^\s"<>]+\/redefinir-senha\?token=([A-Za-z0-9_-]+))/.exec(mail.parsed.text ?? '');
      expect(link).not.toBeNull();
      expect(link![1].startsWith(`${app.baseUrl}/redefinir-senha?token=`)).toBe(true);
      const page = await fetch(link![1]);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      const reset = await fetch(`${app.baseUrl}/api/auth/reset-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: link![2], password: 'NovaSenha!2026' }),
      });
      expect(reset.status).toBe(200);
    } finally {
      await app.stop();
    }
  });

  it('keeps DATA_DIR private (0600/0700) at start-up, after an upload and a received mail; sweeps temp files at start; a deleted user takes their mail', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veritas-files-'));
    try {
      let app = await start(kind, db, { dataDir });
      await app.stop();
      // What an older version or a careless copy leaves: loose modes, and uploads cut off mid-way.
      fs.chmodSync(dataDir, 0o755);
      fs.mkdirSync(path.join(dataDir, 'antigo'), { mode: 0o755 });
      fs.writeFileSync(path.join(dataDir, 'antigo', 'nota.txt'), 'x', { mode: 0o644 });
      if (kind === 'sqlite') fs.chmodSync(path.join(dataDir, 'app.sqlite'), 0o644);
      const halfDoc = path.join(dataDir, 'arquivos', '.tmp', 'upload-interrompido');
      const halfMail = path.join(dataDir, 'mail', 'tmp', 'anexo-interrompido.part');
      fs.writeFileSync(halfDoc, 'meio arquivo');
      fs.writeFileSync(halfMail, 'meio anexo');

      app = await start(kind, db, { dataDir });
      try {
        expect(fs.existsSync(halfDoc)).toBe(false);
        expect(fs.existsSync(halfMail)).toBe(false);
        expect(looseModes(dataDir)).toEqual([]);
        if (kind === 'sqlite') expect(fs.existsSync(path.join(dataDir, 'app.sqlite-wal'))).toBe(true);

        // An upload, and a mail with an attachment received by a colleague.
        const master = await login(app, '/api/auth/login', app.masterEmail, app.masterPassword);
        const cliente = await registerCliente(app.baseUrl);
        const clienteToken = await login(app, '/api/clientes/login', cliente.email, cliente.password);
        const form = new FormData();
        form.append('arquivo', new Blob([new Uint8Array(samplePdf())]), 'contrato.pdf');
        const up = await fetch(`${app.baseUrl}/api/documentos`, { method: 'POST', headers: { authorization: `Bearer ${clienteToken}` }, body: form });
        expect(up.status).toBe(201);
        const colleague = await call(app, 'POST', '/api/users', { username: 'assoc.carla', nomeCompleto: 'Carla Souza', password: 'Equipe!2026', isAdmin: false, permissions: ['Associados'] }, master);
        expect(colleague.status).toBe(201);
        const mail = new FormData();
        mail.append('to', 'assoc.carla@veritas.com.br');
        mail.append('subject', 'Contrato');
        mail.append('body', '<p>Segue o contrato.</p>');
        mail.append('attachments', new Blob([new Uint8Array(samplePdf())], { type: 'application/pdf' }), 'contrato.pdf');
        const sent = await fetch(`${app.baseUrl}/api/emails/send`, { method: 'POST', headers: { authorization: `Bearer ${master}` }, body: mail });
        expect(sent.status).toBe(201);
        expect(looseModes(dataDir)).toEqual([]);

        // The colleague is deleted: their copy (its row, which holds the small body, and its attachment file) goes too; the sender's stays.
        const carla = await login(app, '/api/auth/login', 'assoc.carla@veritas.com.br', 'Equipe!2026');
        const inbox = await fetch(`${app.baseUrl}/api/emails/inbox`, { headers: { authorization: `Bearer ${carla}` } }).then((r) => r.json());
        expect(inbox.data).toHaveLength(1);
        const mailFiles = () => fs.readdirSync(path.join(dataDir, 'mail', 'files'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
        const before = mailFiles();
        expect((await call(app, 'DELETE', `/api/users/${colleague.body.data._id}`, undefined, master)).status).toBe(200);
        // The received copy had one file: its attachment.
        expect(mailFiles()).toBe(before - 1);
        const sentBox = await fetch(`${app.baseUrl}/api/emails/sent`, { headers: { authorization: `Bearer ${master}` } }).then((r) => r.json());
        expect(sentBox.data.map((m: any) => m.subject)).toEqual(['Contrato']);
      } finally {
        await app.stop();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
