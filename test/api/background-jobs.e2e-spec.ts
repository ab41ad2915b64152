import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../backend/src/platform/config/config';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';
import { SmtpSink } from '../support/smtp-sink';

/**
 * Issue 15, until the jobs move to a queue: replicas share the database and the files, and only the
 * one started with background jobs sends the outbox (and runs reminders and sweeps). A replica with
 * BACKGROUND_JOBS=false queues what it must send and never sends it itself, so nothing goes out twice.
 */
describe.each(databaseKinds())('background jobs on one replica (%s)', (kind) => {
  let sink: SmtpSink;
  let web: TestApi;
  let jobs: TestApi | undefined;
  const mailEnv = () => ({ SMTP_PORT: '0', SMTP_URL: sink.url, OUTBOX_RETRY_BASE_MS: '200' });

  beforeAll(async () => {
    sink = await SmtpSink.start();
    web = await TestApi.start(kind, { ...mailEnv(), BACKGROUND_JOBS: 'false' });
    await web.withStaff();
    await web.withCliente('cliente');
  });
  afterAll(async () => {
    await jobs?.stop();
    await web.stop();
    await sink.stop();
  });

  const outbox = async () => (await web.app.get(DataSource).query('SELECT status, COUNT(*) AS n FROM mail_outbox GROUP BY status')) as { status: string; n: number | string }[];
  const count = async (status: string) => Number((await outbox()).find((r) => r.status === status)?.n ?? 0);

  it('a replica without jobs queues the mail and sends none of it', async () => {
    const r = await web.post('/api/registros', { servico: 'abertura-empresas', descricao: 'Abertura' }, 'cliente');
    expect(r.status).toBe(201);
    expect((await web.put(`/api/registros/${r.body.data._id}/status`, { status: 'andamento' }, 'master')).status).toBe(200);
    // Far longer than its own poll would take (200 ms): nothing leaves this replica.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sink.messages).toHaveLength(0);
    expect(await count('pending')).toBeGreaterThan(0);
  });

  it('the job replica, on the same database and files, sends every queued message exactly once', async () => {
    const queued = await count('pending');
    const config = web.app.get<AppConfig>(APP_CONFIG);
    jobs = await TestApi.start(kind, { ...mailEnv(), DATA_DIR: config.dataDir, ...(config.database.type === 'mysql' ? { DATABASE_URL: config.database.url } : {}) });
    await sink.waitFor(queued);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(sink.messages).toHaveLength(queued);
    expect(await count('pending')).toBe(0);
    // New messages queued through the web replica (the request received, issue 53, and the status
    // change) go out once each, through the job replica.
    const r = await web.post('/api/registros', { servico: 'abertura-empresas', descricao: 'Outra abertura' }, 'cliente');
    expect((await web.put(`/api/registros/${r.body.data._id}/status`, { status: 'andamento' }, 'master')).status).toBe(200);
    await sink.waitFor(queued + 2);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(sink.messages).toHaveLength(queued + 2);
    expect(sink.messages.filter((m) => m.parsed.subject === `Registro ${r.body.data.numero}: Em andamento`)).toHaveLength(1);
  });
});
