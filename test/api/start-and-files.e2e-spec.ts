import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createTestDatabase, databaseKinds, DbKind, TestDatabase } from '../support/db';
import { freePort, registerCliente, RunningApp, startApp } from '../support/server';
import { SmtpSink } from '../support/smtp-sink';

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
      const cliente = await registerCliente(app.baseUrl);
      const asked = await fetch(`${app.baseUrl}/api/auth/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: cliente.email }),
      });
      expect(asked.status).toBe(200);
      const before = sink.messages.length;
      const [mail] = (await sink.waitFor(before + 1)).slice(before);
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
});
