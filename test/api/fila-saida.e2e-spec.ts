import { OUTBOX_BACKOFF_MS } from '../../backend/src/mail/mail-outbox.service';
import { DataSource } from 'typeorm';
import { MailOutbox } from '../../backend/src/mail/entities/mail-outbox.entity';
import { FilaSaidaRetencaoJob } from '../../backend/src/mail/fila-saida-retencao.job';
import { DESCARTADA } from '../../backend/src/mail/fila-saida.service';
import { MailService } from '../../backend/src/mail/mail.service';
import { MailFiles } from '../../backend/src/platform/storage';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';
import { SmtpSink } from '../support/smtp-sink';

/** Issue 53: the outbox the board can see (Configurações → Fila de saída), Reenviar, Cancelar, the banner and readiness. */
describe.each(databaseKinds())('Fila de saída on %s', (kind) => {
  let api: TestApi;
  let sink: SmtpSink;
  let mail: MailService;
  let cliente: any;

  beforeAll(async () => {
    sink = await SmtpSink.start();
    api = await TestApi.start(kind, { SMTP_PORT: '0', SMTP_URL: sink.url, OUTBOX_RETRY_BASE_MS: '100' });
    await api.withStaff();
    cliente = await api.withCliente('cliente', { razaoSocial: 'Padaria Fila Ltda' });
    mail = api.app.get(MailService);
  });
  afterAll(async () => {
    await api.stop();
    await sink.stop();
  });
  beforeEach(() => {
    sink.refuseWith = null;
    sink.messages.length = 0;
  });

  const filter = (f: object) => `/api/fila-saida?filter=${encodeURIComponent(JSON.stringify(f))}`;
  /** A status change: one notice to the client, queued. */
  const notice = async () => {
    const r = (await api.post('/api/registros', { servico: 'abertura-empresas', descricao: 'Abertura' }, 'cliente')).body.data;
    expect((await api.put(`/api/registros/${r._id}/status`, { status: 'andamento' }, 'master')).status).toBe(200);
    const list = await api.get(filter({ q: `Registro ${r.numero}:` }), 'diretoria');
    expect(list.body.data).toHaveLength(1);
    return { registro: r, item: list.body.data[0] };
  };
  const item = async (id: string) => (await api.get(filter({ clienteId: cliente._id }), 'master')).body.data.find((m: any) => m._id === id);

  it('lists every system message with recipient, subject, event and state, paged in SQL with Content-Range', async () => {
    const { registro, item: m } = await notice();
    await mail.flush();
    await sink.waitForSubject(`Registro ${registro.numero}: Em andamento`);
    expect(await item(m._id)).toMatchObject({
      para: cliente.email,
      assunto: `Registro ${registro.numero}: Em andamento`,
      evento: 'registro.status',
      eventoLabel: 'Status do registro',
      estado: 'enviado',
      estadoLabel: 'Enviado',
      tentativas: 1,
      ultimoErro: null,
      clienteId: cliente._id,
    });
    await notice();
    const page = await api.get(`/api/fila-saida?range=${encodeURIComponent('[0,0]')}`, 'master');
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(1);
    expect(page.headers.get('content-range')).toMatch(/^fila-saida 0-0\/\d+$/);
    expect(page.body.total).toBeGreaterThanOrEqual(2);
    const enviados = await api.get(filter({ estado: 'enviado' }), 'master');
    expect(enviados.body.data.every((x: any) => x.estado === 'enviado')).toBe(true);
    expect(enviados.body.data.some((x: any) => x._id === m._id)).toBe(true);
  });

  it('refuses an unknown state filter in Portuguese (400), and only the board reads it', async () => {
    const bad = await api.get(filter({ estado: 'perdido' }), 'master');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Filtro estado inválido');
    expect((await api.get('/api/fila-saida', 'associado')).status).toBe(403);
    expect((await api.get('/api/fila-saida/resumo', 'cliente')).status).toBe(403);
  });

  it('after the relay refused every attempt the message has failed with its last error; the banner and ready say so; Reenviar delivers it', async () => {
    // What earlier tests queued leaves first (a notice of theirs must not land in this test's count).
    await mail.flush();
    sink.messages.length = 0;
    sink.refuseWith = 554;
    const { registro, item: m } = await notice();
    for (let i = 0; i < OUTBOX_BACKOFF_MS.length + 2 && (await item(m._id)).estado === 'aguardando'; i++) await mail.flush();
    const failed = await item(m._id);
    expect(failed).toMatchObject({ estado: 'falhou', estadoLabel: 'Falhou', tentativas: OUTBOX_BACKOFF_MS.length + 1, proximaTentativa: null });
    expect(failed.ultimoErro).toMatch(/554|Refused/);
    expect(sink.messages).toHaveLength(0);

    const resumo = await api.get('/api/fila-saida/resumo', 'diretoria');
    expect(resumo.body.data).toMatchObject({ configurado: true, ultimosEnviosFalharam: true, degradado: true });
    expect(resumo.body.data.falharam).toBeGreaterThanOrEqual(1);
    const ready = await api.get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ok', checks: { database: 'ok', email: 'degradado' } });

    sink.refuseWith = null;
    const again = await api.post(`/api/fila-saida/${m._id}/reenviar`, {}, 'master');
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ _id: m._id, estado: 'aguardando', tentativas: 0 });
    await mail.flush();
    const sent = await sink.waitForSubject(`Registro ${registro.numero}: Em andamento`);
    expect(sent.to).toEqual([cliente.email]);
    expect(await item(m._id)).toMatchObject({ estado: 'enviado', tentativas: 1, ultimoErro: null });
    expect((await api.get('/api/fila-saida/resumo', 'master')).body.data).toMatchObject({ ultimosEnviosFalharam: false, degradado: false });
    expect((await api.get('/api/health/ready')).body.checks.email).toBe('ok');

    const twice = await api.post(`/api/fila-saida/${m._id}/reenviar`, {}, 'master');
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Esta mensagem já foi enviada; não há o que reenviar nem cancelar.');
  });

  it('a message that failed keeps its content for Reenviar until the retention ends; then it is cancelled and its content removed', async () => {
    sink.refuseWith = 554;
    const { item: m } = await notice();
    for (let i = 0; i < OUTBOX_BACKOFF_MS.length + 2 && (await item(m._id)).estado === 'aguardando'; i++) await mail.flush();
    expect((await item(m._id)).estado).toBe('falhou');
    const row = await api.app.get(DataSource).getRepository(MailOutbox).findOneByOrFail({ id: m._id });
    const files = api.app.get(MailFiles);
    const stored = () => files.read(row.payloadFile).then(() => true, () => false);
    expect(await stored()).toBe(true);
    const job = api.app.get(FilaSaidaRetencaoJob);
    // 29 days later it still waits for the board; 31 days later it is gone.
    expect(await job.runOnce(new Date(Date.now() + 29 * 86_400_000))).toBe(0);
    expect((await item(m._id)).estado).toBe('falhou');
    expect(await job.runOnce(new Date(Date.now() + 31 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect(await item(m._id)).toMatchObject({ estado: 'cancelado', ultimoErro: DESCARTADA });
    expect(await stored()).toBe(false);
    const again = await api.post(`/api/fila-saida/${m._id}/reenviar`, {}, 'master');
    expect(again.status).toBe(409);
  });

  it('Cancelar keeps a waiting message from ever going out, and it cannot be sent again', async () => {
    sink.refuseWith = 554;
    const { registro, item: m } = await notice();
    await mail.flush();
    const cancel = await api.post(`/api/fila-saida/${m._id}/cancelar`, {}, 'diretoria');
    expect(cancel.status).toBe(200);
    expect(cancel.body.data).toMatchObject({ estado: 'cancelado', estadoLabel: 'Cancelado', proximaTentativa: null });
    // An attempt already under way when it was cancelled ends (refused) before the relay accepts again.
    await mail.flush();
    sink.refuseWith = null;
    await mail.flush();
    expect(sink.messages.filter((x) => x.parsed.subject === `Registro ${registro.numero}: Em andamento`)).toHaveLength(0);
    expect(await item(m._id)).toMatchObject({ estado: 'cancelado' });
    const again = await api.post(`/api/fila-saida/${m._id}/reenviar`, {}, 'master');
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('cancelada');
    expect((await api.post('/api/fila-saida/00000000-0000-4000-8000-000000000000/cancelar', {}, 'master')).status).toBe(404);
    expect((await api.post('/api/fila-saida/nao-e-um-id/reenviar', {}, 'master')).status).toBe(404);
  });
});

describe.each(databaseKinds())('outgoing mail not configured on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await TestApi.start(kind, { SMTP_PORT: '0' });
    await api.withStaff();
    await api.withCliente('cliente');
  });
  afterAll(() => api.stop());

  it('the banner counts what waits, and /api/health/ready reports email as degraded (still 200)', async () => {
    const before = (await api.get('/api/fila-saida/resumo', 'master')).body.data;
    expect(before).toMatchObject({ configurado: false, degradado: true });
    const r = (await api.post('/api/registros', { servico: 'abertura-empresas', descricao: 'Abertura' }, 'cliente')).body.data;
    expect((await api.put(`/api/registros/${r._id}/status`, { status: 'andamento' }, 'master')).status).toBe(200);
    await api.app.get(MailService).flush();
    const after = (await api.get('/api/fila-saida/resumo', 'diretoria')).body.data;
    // The request received and the status change (issue 53) both wait.
    expect(after.aguardando).toBe(before.aguardando + 2);
    const waiting = (await api.get(`/api/fila-saida?filter=${encodeURIComponent(JSON.stringify({ estado: 'aguardando' }))}`, 'master')).body.data;
    expect(waiting[0]).toMatchObject({ estado: 'aguardando', proximaTentativa: null, ultimoErro: 'O envio para endereços externos não está configurado; fale com o administrador.' });
    const ready = await api.get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok', checks: { database: 'ok', email: 'degradado' } });
  });
});
