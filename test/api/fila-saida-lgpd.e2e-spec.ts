import * as fs from 'node:fs';
import * as path from 'node:path';
import { DataSource } from 'typeorm';
import { MailService } from '../../backend/src/mail/mail.service';
import { PasswordResetService } from '../../backend/src/password-reset/password-reset.service';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';
import { SmtpSink } from '../support/smtp-sink';

/** Issue 53: an erasure cancels what is queued to the client; a new login e-mail re-targets it (a reset link is cancelled). */
describe.each(databaseKinds())('the outbox follows the client on %s', (kind) => {
  let api: TestApi;
  let sink: SmtpSink;
  let mail: MailService;
  let db: DataSource;

  beforeAll(async () => {
    sink = await SmtpSink.start();
    // The default retry wait (30 s): a refused message stays queued for the whole test.
    api = await TestApi.start(kind, { SMTP_PORT: '0', SMTP_URL: sink.url });
    await api.withStaff();
    mail = api.app.get(MailService);
    db = api.app.get(DataSource);
  });
  afterAll(async () => {
    await api.stop();
    await sink.stop();
  });

  const outboxOf = async (clienteId: string) =>
    (await api.get(`/api/fila-saida?filter=${encodeURIComponent(JSON.stringify({ clienteId }))}&range=[0,99]`, 'master')).body.data as any[];
  /** A status change the relay refuses: it stays queued (aguardando). */
  const queuedStatus = async (who: string) => {
    const r = (await api.post('/api/registros', { servico: 'abertura-empresas', descricao: 'Abertura' }, who)).body.data;
    expect((await api.put(`/api/registros/${r._id}/status`, { status: 'andamento' }, 'master')).status).toBe(200);
    return r;
  };
  const payloadExists = (name: string) => fs.existsSync(path.join(api.dataDir, 'mail', 'outbox', name));

  it('an approved erasure cancels the queued notices (content removed, no address kept); only the LGPD answer goes out', async () => {
    const cliente = await api.withCliente('apagar', { razaoSocial: 'Empresa Que Sai Ltda' });
    sink.refuseWith = 554;
    const r = await queuedStatus('apagar');
    await mail.flush();
    const queued = (await outboxOf(cliente._id)).find((m) => m.evento === 'registro.status');
    expect(queued).toMatchObject({ estado: 'aguardando', para: cliente.email, evento: 'registro.status' });
    const [{ payloadFile }] = await db.query('SELECT payloadFile FROM mail_outbox WHERE id = ?', [queued._id]);
    expect(payloadExists(payloadFile)).toBe(true);

    const pedido = (await api.post('/api/clientes/me/eliminacao', { motivo: 'Encerramos.' }, 'apagar')).body.data;
    expect((await api.post(`/api/solicitacoes-titulares/${pedido._id}/aprovar`, {}, 'master')).status).toBe(200);

    const after = await outboxOf(cliente._id);
    const cancelled = after.find((m) => m._id === queued._id);
    expect(cancelled).toMatchObject({ estado: 'cancelado', para: '(dados eliminados — LGPD)', assunto: '' });
    expect(JSON.stringify(await db.query('SELECT * FROM mail_outbox WHERE id = ?', [queued._id]))).not.toContain(cliente.email);
    expect(payloadExists(payloadFile)).toBe(false);

    sink.refuseWith = null;
    sink.messages.length = 0;
    await mail.flush();
    await sink.waitForSubject('Seu pedido de eliminação dos seus dados pessoais: atendido');
    expect(sink.messages.map((m) => m.parsed.subject)).not.toContain(`Registro ${r.numero}: Em andamento`);
  });

  it('a new login e-mail re-targets the queued notices and cancels a pending password-reset link', async () => {
    const cliente = await api.withCliente('mudar', { razaoSocial: 'Empresa Que Muda Ltda' });
    sink.refuseWith = 554;
    const r = await queuedStatus('mudar');
    expect((await api.post('/api/auth/forgot-password', { email: cliente.email })).status).toBeLessThan(300);
    await api.app.get(PasswordResetService).whenIdle();
    await mail.flush();
    // (Its welcome and the request received, issue 53, are in the queue too.)
    const before = (await outboxOf(cliente._id)).filter((m) => ['registro.status', 'senha.redefinicao'].includes(m.evento));
    expect(before.map((m) => [m.evento, m.estado]).sort()).toEqual([
      ['registro.status', 'aguardando'],
      ['senha.redefinicao', 'aguardando'],
    ]);

    const novo = `novo.${Date.now()}@exemplo.com.br`;
    expect((await api.put(`/api/clientes/${cliente._id}`, { email: novo }, 'master')).status).toBe(200);
    const after = await outboxOf(cliente._id);
    expect(after.find((m) => m.evento === 'registro.status')).toMatchObject({ estado: 'aguardando', para: novo });
    expect(after.find((m) => m.evento === 'senha.redefinicao')).toMatchObject({ estado: 'cancelado' });

    sink.refuseWith = null;
    sink.messages.length = 0;
    await mail.flush();
    const sent = await sink.waitForSubject(`Registro ${r.numero}: Em andamento`);
    expect(sent.to).toEqual([novo]);
    expect(sink.messages.filter((m) => m.to.includes(cliente.email))).toHaveLength(0);
  });
});
