import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createConnection } from 'mysql2/promise';
import { createTransport } from 'nodemailer';
import { samplePdf } from '../../backend/src/documentos/sample-files';
import { clienteFixture } from '../support/api';
import { createTestDatabase, TestDatabase } from '../support/db';
import { LocalS3, startS3 } from '../support/s3';
import { dropRedisPrefix, TEST_REDIS_URL, testRedisPrefix } from '../support/redis';
import { freePort, RunningApp, startApp, UI_MASTER_PASSWORD } from '../support/server';
import { SmtpSink } from '../support/smtp-sink';

/**
 * Issue 15: two app processes (the built backend/dist, as deployed) on different ports and SMTP
 * ports, sharing one MariaDB database (fresh), one Redis (a prefix of their own) and one local
 * S3-compatible server; requests alternate between them. In CI MariaDB and Redis are there; on a
 * machine without them the suite says so and is skipped.
 */
const MYSQL_URL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const BUCKET = 'veritas-replicas';
const JWT_SECRET = `segredo-das-replicas-${randomBytes(16).toString('hex')}`;

/** Both services answer a TCP connection (checked before the suite is declared, so a skip is a visible skip). */
function reachable(): string | null {
  const targets = [new URL(MYSQL_URL), new URL(TEST_REDIS_URL)].map((u) => [u.hostname, Number(u.port || (u.protocol === 'redis:' ? 6379 : 3306))]);
  const script = `const net=require('net');const t=${JSON.stringify(targets)};Promise.all(t.map(([h,p])=>new Promise((ok,no)=>{const s=net.connect(p,h,()=>{s.end();ok()});s.setTimeout(2000,()=>{s.destroy();no(new Error(h+':'+p))});s.on('error',()=>no(new Error(h+':'+p)))}))).then(()=>process.exit(0),(e)=>{console.log(e.message);process.exit(1)})`;
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 10_000 });
  return r.status === 0 ? null : `inacessível: ${r.stdout.trim() || 'timeout'}`;
}
const unreachable = reachable();
if (unreachable) console.warn(`two-instances: PULADO — MariaDB (${MYSQL_URL}) ou Redis (${TEST_REDIS_URL}) ${unreachable}. Em CI ambos existem.`);

(unreachable ? describe.skip : describe)('two app instances sharing MariaDB, Redis and S3', () => {
  const prefix = testRedisPrefix();
  let db: TestDatabase;
  let s3: LocalS3;
  let sink: SmtpSink;
  let a: RunningApp;
  let b: RunningApp;
  let smtpA: number;
  let smtpB: number;
  const token: Record<string, string> = {};
  let startedA = 0;
  let startedB = 0;

  /** One HTTP call to an instance; JSON in, JSON (or nothing) out. */
  async function call(app: RunningApp, method: string, url: string, body?: unknown, as?: string, headers: Record<string, string> = {}) {
    const res = await fetch(app.baseUrl + url, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(as ? { authorization: `Bearer ${token[as]}` } : {}), ...headers },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: res.status, body: json, headers: res.headers };
  }
  let turn = 0;
  /** A, B, A, B, ...: every call lands on the other instance than the one before. */
  const next = () => (turn++ % 2 ? b : a);

  const logLines = (app: RunningApp) =>
    app
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, any>);

  beforeAll(async () => {
    db = await createTestDatabase('mysql', { server: MYSQL_URL });
    s3 = await startS3([BUCKET]);
    sink = await SmtpSink.start();
    [smtpA, smtpB] = [await freePort(), await freePort()];
    const env = {
      DATABASE_URL: db.url!,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      ...s3.env(BUCKET),
      JWT_SECRET,
      SMTP_URL: sink.url,
      SMTP_HOST: '127.0.0.1',
      LOG_FORMAT: 'json',
      LOGIN_MAX_FAILURES_PER_EMAIL: '3',
      LOGIN_DELAY_BASE_SECONDS: '600',
      OUTBOX_RETRY_BASE_MS: '1000',
    };
    // One after the other: the first runs the migrations and creates the master.
    a = await startApp({ timeoutMs: 120_000, env: { ...env, SMTP_PORT: String(smtpA) } });
    startedA = Date.now();
    b = await startApp({ timeoutMs: 120_000, env: { ...env, SMTP_PORT: String(smtpB) } });
    startedB = Date.now();

    const login = async (name: string, email: string, password: string, url = '/api/auth/login') => {
      const r = await call(next(), 'POST', url, { email, password });
      if (r.status !== 200) throw new Error(`login ${email}: ${r.status} ${JSON.stringify(r.body)}`);
      token[name] = r.body.data?.token ?? r.body.token ?? r.body.access_token;
      if (!token[name]) throw new Error(`sem token: ${JSON.stringify(r.body)}`);
    };
    await login('master', a.masterEmail, UI_MASTER_PASSWORD);
    const ana = await call(next(), 'POST', '/api/users', { username: 'dir.ana', nomeCompleto: 'Ana Diretora', password: 'Equipe!2026', isAdmin: true, permissions: ['Diretoria'] }, 'master');
    expect(ana.status).toBe(201);
    await login('diretoria', ana.body.data.email, 'Equipe!2026');
    const cliente = clienteFixture();
    expect((await call(next(), 'POST', '/api/clientes/register', cliente)).status).toBe(201);
    await login('cliente', cliente.email, cliente.password, '/api/clientes/login');
  }, 300_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await sink?.stop();
    await s3?.stop();
    await db?.drop();
    await dropRedisPrefix(prefix);
  });

  it('the login throttle counts failures across both: the 4th attempt is refused, wherever it lands', async () => {
    const email = 'dir.ana@veritas.com.br';
    for (let i = 0; i < 3; i++) expect((await call(next(), 'POST', '/api/auth/login', { email, password: 'Errada!123' })).status).toBe(401);
    // Even with the right password, on either instance.
    for (const app of [a, b]) {
      const r = await call(app, 'POST', '/api/auth/login', { email, password: 'Equipe!2026' });
      expect(r.status).toBe(429);
      expect(r.body.message).toMatch(/^Muitas tentativas de login/);
    }
  });

  it('a registro status change e-mails the client exactly once, and the request id reaches the sender’s log', async () => {
    sink.messages.length = 0;
    const reg = await call(next(), 'POST', '/api/registros', { servico: 'abertura-empresas', descricao: 'Abertura em duas réplicas' }, 'cliente');
    expect(reg.status).toBe(201);
    const requestId = `troca-status-${randomBytes(4).toString('hex')}`;
    const change = await call(next(), 'PUT', `/api/registros/${reg.body.data._id}/status`, { status: 'andamento' }, 'master', { 'x-request-id': requestId });
    expect(change.status).toBe(200);
    expect(change.headers.get('x-request-id')).toBe(requestId);
    const subject = `Registro ${reg.body.data.numero}: Em andamento`;
    const mail = await sink.waitForSubject(subject, 30_000);
    expect(mail.parsed.text).toContain('Em andamento');
    // Both replicas poll the outbox; give them time to (wrongly) send it again (the request received, issue 53, is its own message).
    await new Promise((r) => setTimeout(r, 4000));
    expect(sink.messages.filter((m) => m.parsed.subject === subject)).toHaveLength(1);
    expect(sink.messages.filter((m) => m.parsed.subject === `Solicitação recebida: registro ${reg.body.data.numero}`)).toHaveLength(1);
    // The access line of the request and the outbox sender's line carry the same id (JSON logs).
    const lines = [...logLines(a), ...logLines(b)].filter((l) => l.requestId === requestId);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ context: 'HTTP', msg: 'request', method: 'PUT', route: '/api/registros/:id/status', status: 200, ms: expect.any(Number) }),
        expect.objectContaining({ context: 'MailOutbox', level: 'log', msg: expect.stringContaining('enviado') }),
      ]),
    );
  }, 60_000);

  it('a recurring job runs once per period: one BullMQ schedule per job for both replicas; an agenda reminder due now is sent once', async () => {
    // Both replicas upserted the same job schedulers: each job is listed once, by either replica.
    for (let i = 0; i < 2; i++) {
      const tarefas = await call(next(), 'GET', '/api/tarefas', undefined, 'master');
      expect([tarefas.status, tarefas.body.data.modo]).toEqual([200, 'redis']);
      const nomes = (tarefas.body.data.tarefas as any[]).map((t) => t.nome);
      expect(nomes).toContain('AgendaLembretes');
      expect(new Set(nomes).size).toBe(nomes.length);
    }
    // The reminder pass runs every 60 s, once across the replicas: an event starting in 3 min with a 5-min reminder is due at the first pass.
    const inicio = new Date(Date.now() + 3 * 60_000);
    const titulo = `Reunião nas réplicas ${randomBytes(3).toString('hex')}`;
    const ev = await call(next(), 'POST', '/api/agenda/eventos', { tipo: 'reuniao', titulo, inicio: inicio.toISOString(), fim: new Date(inicio.getTime() + 3_600_000).toISOString(), lembreteMinutos: 5 }, 'master');
    expect(ev.status).toBe(201);
    const reminders = async () => (await call(next(), 'GET', `/api/emails/inbox?filter=${encodeURIComponent(JSON.stringify({ q: titulo }))}`, undefined, 'master')).body.data as any[];
    const deadline = Date.now() + 100_000;
    while (!(await reminders()).length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1000));
    // Both replicas have run at least one pass since the event was due (each ticks 60 s after its start).
    const bothRan = Math.max(startedA, startedB) + 62_000;
    if (Date.now() < bothRan) await new Promise((r) => setTimeout(r, bothRan - Date.now()));
    await new Promise((r) => setTimeout(r, 3000)); // the outbox delivers what a late pass might have queued
    expect(await reminders()).toHaveLength(1);
  }, 180_000);

  it('a document uploaded through A downloads through B byte for byte', async () => {
    const content = Buffer.concat([samplePdf(), randomBytes(300_000)]);
    const form = new FormData();
    form.append('arquivo', new Blob([content]), 'contrato-replicas.pdf');
    const up = await fetch(`${a.baseUrl}/api/documentos`, { method: 'POST', headers: { authorization: `Bearer ${token.cliente}` }, body: form });
    expect(up.status).toBe(201);
    const { data } = (await up.json()) as any;
    const res = await fetch(`${b.baseUrl}/api/documentos/${data._id}/download`, { headers: { authorization: `Bearer ${token.master}` } });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(content)).toBe(true);
  });

  const smtp = (port: number) => createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, connectionTimeout: 5000 });
  const inbox = async (app: RunningApp, q: string) => (await call(app, 'GET', `/api/emails/inbox?filter=${encodeURIComponent(JSON.stringify({ q }))}`, undefined, 'diretoria')).body.data as any[];

  it('mail delivered over SMTP to A is read through B, attachment included', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(4000), Buffer.from('\n%%EOF')]);
    await smtp(smtpA).sendMail({ from: 'contador@exemplo.com', to: 'dir.ana@veritas.com.br', subject: 'Entregue em A', text: 'Lido em B.', attachments: [{ filename: 'balanco.pdf', content: pdf }] });
    const [row] = await inbox(b, 'Entregue em A');
    expect(row).toBeDefined();
    const detail = (await call(b, 'GET', `/api/emails/message/${row._id}`, undefined, 'diretoria')).body.data;
    expect(detail.text).toContain('Lido em B.');
    const res = await fetch(`${b.baseUrl}/api/emails/attachment/${detail.attachments[0].id}`, { headers: { authorization: `Bearer ${token.diretoria}` } });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('the same message delivered to both (a sender retrying elsewhere) is stored once, both answered 250', async () => {
    const mail = { from: 'contador@exemplo.com', to: 'dir.ana@veritas.com.br', subject: 'Entregue nas duas', text: 'Uma cópia só.', messageId: `<${randomBytes(8).toString('hex')}@exemplo.com>` };
    const [ra, rb] = await Promise.all([smtp(smtpA).sendMail(mail), smtp(smtpB).sendMail(mail)]);
    expect(ra.response).toMatch(/^250 /);
    expect(rb.response).toMatch(/^250 /);
    await smtp(smtpB).sendMail(mail); // and once more, later
    expect(await inbox(a, 'Entregue nas duas')).toHaveLength(1);
    expect(await inbox(b, 'Entregue nas duas')).toHaveLength(1);
  });

  it('A killed with -9 in the middle of a stream of writes: everything A acknowledged is found through B, and B keeps serving', async () => {
    const acknowledged: string[] = [];
    let failures = 0;
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        try {
          const r = await call(a, 'POST', '/api/registros', { servico: 'abertura-empresas', descricao: `Escrita ${w}-${i}` }, 'cliente');
          if (r.status >= 200 && r.status < 300) acknowledged.push(r.body.data._id);
          else failures += 1;
        } catch {
          return; // the connection died with A
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    while (acknowledged.length < 10) await new Promise((r) => setTimeout(r, 20));
    a.process.kill('SIGKILL');
    await Promise.all(writers);
    stop = true;
    expect(failures).toBe(0);
    expect(acknowledged.length).toBeGreaterThanOrEqual(10);
    for (const id of acknowledged) {
      const r = await call(b, 'GET', `/api/registros/${id}`, undefined, 'cliente');
      expect([id, r.status]).toEqual([id, 200]);
    }
    // B goes on: reads, writes, readiness.
    expect((await call(b, 'POST', '/api/registros', { servico: 'abertura-empresas', descricao: 'Depois da queda de A' }, 'cliente')).status).toBe(201);
    expect((await call(b, 'GET', '/api/health/ready')).status).toBe(200);
  }, 60_000);
});
