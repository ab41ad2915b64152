import { MASTER_PASSWORD, TestApi } from '../support/api';
import { databaseKinds } from '../support/db';

const TOKEN = 'tok-metricas-0123456789';

/** The value of one sample line, e.g. value(text, 'veritas_logins_refused_total{reason="limite"}'). */
function value(text: string, sample: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${sample} `));
  return line === undefined ? undefined : Number(line.slice(sample.length + 1));
}

describe.each(databaseKinds())('GET /api/metrics (%s)', (kind) => {
  let api: TestApi;
  let off: TestApi;
  beforeAll(async () => {
    api = await TestApi.start(kind, { METRICS_TOKEN: TOKEN, LOGIN_MAX_FAILURES_PER_EMAIL: '2', LOGIN_DELAY_BASE_SECONDS: '600' });
    off = await TestApi.start(kind);
  });
  afterAll(async () => {
    await api?.stop();
    await off?.stop();
  });
  const scrape = () => api.call<string>('GET', '/api/metrics', { token: TOKEN });

  it('without METRICS_TOKEN configured the route does not exist (404), token or not', async () => {
    expect((await off.get('/api/metrics')).status).toBe(404);
    expect((await off.call('GET', '/api/metrics', { token: TOKEN })).status).toBe(404);
  });

  it('no token or a wrong one: 401 in Portuguese, no metrics', async () => {
    for (const token of [undefined, 'errado', `${TOKEN}x`]) {
      const r = await api.call('GET', '/api/metrics', { token });
      expect(r.status).toBe(401);
      expect(r.body.message).toBe('Token de métricas inválido.');
    }
    // A staff session is no metrics token either.
    await api.loginStaff('master', 'master@veritas.com.br', MASTER_PASSWORD);
    expect((await api.get('/api/metrics', 'master')).status).toBe(401);
  });

  it('counts requests by route template and status, with a latency histogram', async () => {
    const NO_ID = '00000000-0000-4000-8000-000000000000';
    await api.get(`/api/users/${NO_ID}`);
    await api.get(`/api/users/${NO_ID.replace(/0$/, '1')}`);
    await api.get('/api/nada-aqui');
    const r = await scrape();
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = r.body;
    expect(value(text, 'veritas_http_requests_total{method="GET",route="/api/users/:id",status="401"}')).toBe(2);
    expect(value(text, 'veritas_http_request_duration_seconds_count{method="GET",route="/api/users/:id",status="401"}')).toBe(2);
    expect(text).toMatch(/veritas_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/users\/:id",status="401"\} \d+/);
    expect(value(text, 'veritas_http_requests_total{method="GET",route="(api sem rota)",status="404"}')).toBe(1);
    expect(text).not.toContain(NO_ID); // raw paths never become labels
    expect(text).toContain('# TYPE veritas_process_cpu_seconds_total counter');
    // The front ends' paths are one label too.
    await api.get('/painel/qualquer/coisa');
    expect((await scrape()).body).toMatch(/veritas_http_requests_total\{method="GET",route="\(site\)",status="\d+"\} 1/);
  });

  it('counts logins refused (wrong credentials, then throttled)', async () => {
    const before = await scrape();
    expect(value(before.body, 'veritas_logins_refused_total{reason="limite"}')).toBe(0);
    for (let i = 0; i < 2; i++) expect((await api.post('/api/auth/login', { email: 'alguem@exemplo.com', password: 'Errada!123' })).status).toBe(401);
    expect((await api.post('/api/auth/login', { email: 'alguem@exemplo.com', password: 'Errada!123' })).status).toBe(429);
    const after = (await scrape()).body;
    expect(value(after, 'veritas_logins_refused_total{reason="credenciais"}')).toBe(value(before.body, 'veritas_logins_refused_total{reason="credenciais"}')! + 2);
    expect(value(after, 'veritas_logins_refused_total{reason="limite"}')).toBe(1);
  });

  it('reports the mail outbox by status and stored mail by folder, from the database', async () => {
    // A recovery e-mail's confirmation link goes through the outbox (system notifications; issue 53:
    // a staff reset without a confirmed recovery e-mail sends nothing).
    await api.loginStaff('master', 'master@veritas.com.br', MASTER_PASSWORD);
    expect((await api.put('/api/auth/recuperacao', { email: 'master.pessoal@exemplo.com' }, 'master')).status).toBe(200);
    let text = '';
    for (let i = 0; i < 50; i++) {
      text = (await scrape()).body;
      const queued = ['pending', 'sent', 'failed'].reduce((n, s) => n + (value(text, `veritas_mail_outbox_messages{status="${s}"}`) ?? 0), 0);
      if (queued > 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(['pending', 'sent', 'failed'].reduce((n, s) => n + (value(text, `veritas_mail_outbox_messages{status="${s}"}`) ?? 0), 0)).toBeGreaterThanOrEqual(1);
    expect(value(text, 'veritas_mail_outbox_retrying')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'veritas_mail_spool_messages{state="waiting"}')).toBe(0);
    expect(value(text, 'veritas_mail_spool_messages{state="retrying"}')).toBe(0);
    expect(value(text, 'veritas_mail_messages{folder="inbox"}')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'veritas_mail_messages{folder="sent"}')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'veritas_jobs{estado="falhas"}')).toBe(0);
  });
});
