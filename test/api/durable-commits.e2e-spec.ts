import { createTransport } from 'nodemailer';
import { DataSource } from 'typeorm';
import { DurableCommits } from '../../backend/src/platform/database/durable-commits';
import { SmtpListener } from '../../backend/src/mail/smtp-listener.service';
import { clienteFixture, TestApi } from '../support/api';
import { freePort } from '../support/server';

/**
 * better-sqlite3 runs WAL with synchronous = NORMAL: a commit is not synced. An acknowledgement (an
 * API answer to a write, an SMTP 250) waits for an fsync of the -wal file that began after the
 * commit (DurableCommits). Here fs.fsync is held, so we can see the commit done and the answer not given.
 */
describe('Acknowledged writes are synced to disk first (SQLite)', () => {
  let api: TestApi;
  let commits: DurableCommits;
  let held: (() => void)[] = [];
  let holding = false;
  let walSyncs = 0;

  beforeAll(async () => {
    api = await TestApi.start('sqlite', { SMTP_PORT: String(await freePort()) });
    await api.withStaff();
    commits = api.app.get(DurableCommits);
    const real = (commits as any).fsyncFile.bind(commits);
    jest.spyOn(commits as any, 'fsyncFile').mockImplementation((fd: unknown) => {
      walSyncs++;
      if (!holding) return real(fd);
      return new Promise((resolve, reject) => held.push(() => real(fd).then(resolve, reject)));
    });
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await api.stop();
  });

  const release = () => {
    holding = false;
    const run = held;
    held = [];
    run.forEach((go) => go());
  };
  const answered = <T>(p: Promise<T>) => {
    let done = false;
    void p.then(() => (done = true));
    return () => done;
  };
  const until = async (check: () => Promise<boolean> | boolean) => {
    for (let i = 0; i < 400 && !(await check()); i++) await new Promise((r) => setTimeout(r, 5));
    expect(await check()).toBe(true);
  };

  it('is on: SQLite in WAL with synchronous = NORMAL, the -wal file synced by DurableCommits', async () => {
    const ds = api.app.get(DataSource);
    expect(await ds.query('PRAGMA journal_mode')).toEqual([{ journal_mode: 'wal' }]);
    expect(await ds.query('PRAGMA synchronous')).toEqual([{ synchronous: 1 }]);
    expect(commits.enabled).toBe(true);
  });

  it('a POST is committed before its answer and answered only after the WAL is synced', async () => {
    holding = true;
    const fixture = clienteFixture();
    const post = api.post('/api/clientes', fixture, 'master');
    const isAnswered = answered(post);
    const ds = api.app.get(DataSource);
    await until(async () => (await ds.query('SELECT COUNT(*) AS n FROM clientes WHERE email = ?', [fixture.email]))[0].n === 1 && held.length > 0);
    await new Promise((r) => setTimeout(r, 100));
    expect(isAnswered()).toBe(false);
    release();
    expect((await post).status).toBe(201);
  });

  it('reads do not wait for a sync; concurrent writes share syncs (group commit)', async () => {
    const before = walSyncs;
    expect((await api.get('/api/clientes', 'master')).status).toBe(200);
    expect(walSyncs).toBe(before);

    holding = true;
    const posts = Array.from({ length: 12 }, () => api.post('/api/clientes', clienteFixture(), 'master'));
    await until(() => held.length > 0);
    // Every POST commits while the first sync is held; they then wait for one sync, not twelve.
    await new Promise((r) => setTimeout(r, 300));
    release();
    holding = false;
    const replies = await Promise.all(posts);
    expect(replies.map((r) => r.status)).toEqual(Array(12).fill(201));
    expect(walSyncs - before).toBeGreaterThanOrEqual(2);
    expect(walSyncs - before).toBeLessThan(12);
  });

  it('a refused write is answered after a sync too', async () => {
    const before = walSyncs;
    const r = await api.post('/api/clientes', { ...clienteFixture(), cnpj: '123' }, 'master');
    expect(r.status).toBe(400);
    expect(walSyncs).toBeGreaterThan(before);
  });

  it('an fsync that fails with EIO is not retried and the write is not acknowledged (connection dropped)', async () => {
    const spy = jest.spyOn(commits as any, 'fsyncFile');
    spy.mockImplementationOnce(() => Promise.reject(Object.assign(new Error('I/O error'), { code: 'EIO' })));
    const calls = spy.mock.calls.length;
    const failed = await api.post('/api/clientes', clienteFixture(), 'master').then(
      () => null,
      (err: Error) => err,
    );
    expect(String(failed)).toMatch(/fetch failed|terminated|socket/i);
    // Only that one fsync: a retry after EIO could report success over pages the kernel dropped.
    expect(spy.mock.calls.length - calls).toBe(1);
    // The next write syncs again and is answered.
    expect((await api.post('/api/clientes', clienteFixture(), 'master')).status).toBe(201);
  });

  it("the SMTP listener's 250 comes after the WAL is synced", async () => {
    const port = api.app.get(SmtpListener).address!.port;
    const transport = createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, connectionTimeout: 5000 });
    holding = true;
    const subject = `Sincronizado ${Date.now()}`;
    const sent = transport.sendMail({ from: 'contador@exemplo.com.br', to: 'master@veritas.com.br', subject, text: 'corpo' });
    const isAnswered = answered(sent);
    const ds = api.app.get(DataSource);
    await until(async () => (await ds.query('SELECT COUNT(*) AS n FROM mail_messages WHERE subject = ?', [subject]))[0].n === 1 && held.length > 0);
    await new Promise((r) => setTimeout(r, 100));
    expect(isAnswered()).toBe(false);
    release();
    expect((await sent).response).toMatch(/^250/);
    transport.close();
  });
});

describe('Acknowledged writes on MySQL/MariaDB', () => {
  const url = process.env.TEST_MYSQL_URL;
  (url ? it : it.skip)('need no extra sync: InnoDB flushes its log at each commit', async () => {
    const api = await TestApi.start('mysql');
    try {
      expect(api.app.get(DurableCommits).enabled).toBe(false);
      const [row]: { v: string }[] = await api.app.get(DataSource).query("SELECT @@innodb_flush_log_at_trx_commit AS v");
      expect(String(row.v)).toBe('1');
    } finally {
      await api.stop();
    }
  });
});
