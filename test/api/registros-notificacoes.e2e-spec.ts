import { MailService } from '../../backend/src/mail/mail.service';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';
import { SmtpSink } from '../support/smtp-sink';

/** Each status change e-mails the client, through the outbox; a mail failure never blocks or undoes the change. */
describe.each(databaseKinds())('registro status e-mails on %s', (kind) => {
  let api: TestApi;
  let sink: SmtpSink;
  let mail: MailService;
  let cliente: any;

  beforeAll(async () => {
    sink = await SmtpSink.start();
    api = await TestApi.start(kind, { SMTP_PORT: '0', SMTP_URL: sink.url, SITE_URL: 'https://www.exemplo.com.br' });
    await api.withStaff();
    cliente = await api.withCliente('cliente', { razaoSocial: 'Padaria <Pão> & Cia Ltda' });
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

  const novo = async () => (await api.post('/api/registros', { servico: 'abertura-empresas', descricao: 'Abertura' }, 'cliente')).body.data;

  it('tells the client the new status, with the note meant for it and never an internal one', async () => {
    const r = await novo();
    expect((await api.put(`/api/registros/${r._id}/status`, { status: 'andamento', note: 'Nota interna: conferir <sócios>' }, 'master')).status).toBe(200);
    expect(
      (await api.put(`/api/registros/${r._id}/status`, { status: 'pendente', note: 'Envie o contrato <assinado>.', visivelCliente: true }, 'master')).status,
    ).toBe(200);
    await mail.flush();
    // The request's own notice (issue 53) comes first; these are the two status changes.
    const first = await sink.waitForSubject(`Registro ${r.numero}: Em andamento`);
    const second = await sink.waitForSubject(`Registro ${r.numero}: Pendente`);

    expect(first.to).toEqual([cliente.email]);
    expect(first.parsed.subject).toBe(`Registro ${r.numero}: Em andamento`);
    expect(first.parsed.text).toContain(`O status do seu registro ${r.numero} (Abertura de Empresa) mudou de Pendente para Em andamento.`);
    expect(first.parsed.text).toContain('Olá, Padaria <Pão> & Cia Ltda.');
    // The link lands on the registro itself (issue 53).
    expect(first.parsed.text).toContain(`https://www.exemplo.com.br/cliente/registros/${r._id}`);
    expect(first.raw.toString()).not.toContain('Nota interna');

    expect(second.parsed.subject).toBe(`Registro ${r.numero}: Pendente`);
    expect(second.parsed.text).toContain('Observação: Envie o contrato <assinado>.');
    expect(second.parsed.text).toContain('o prazo fica suspenso');
    expect(second.parsed.html).toContain('Envie o contrato &lt;assinado&gt;.');
    expect(second.parsed.html).toContain('Padaria &lt;Pão&gt; &amp; Cia Ltda');
  });

  it('changes the status even when the relay refuses the mail (it stays queued for a retry)', async () => {
    sink.refuseWith = 554;
    const r = await novo();
    const reply = await api.put(`/api/registros/${r._id}/status`, { status: 'recusado' }, 'diretoria');
    expect(reply.status).toBe(200);
    await mail.flush();
    expect(sink.messages.filter((m) => m.parsed.subject?.startsWith(`Registro ${r.numero}:`))).toHaveLength(0);
    expect((await api.get(`/api/registros/${r._id}`, 'cliente')).body.data.status).toBe('recusado');
  });

  it('changes the status even when the mail cannot be queued at all', async () => {
    const r = await novo();
    const spy = jest.spyOn(mail, 'enqueue').mockRejectedValue(new Error('outbox fora do ar'));
    try {
      const reply = await api.put(`/api/registros/${r._id}/status`, { status: 'cancelado', note: 'Desisto.' }, 'cliente');
      expect(reply.status).toBe(200);
      expect(spy).toHaveBeenCalledTimes(1);
      expect((await api.get(`/api/registros/${r._id}`, 'cliente')).body.data).toMatchObject({ status: 'cancelado', statusLabel: 'Cancelado' });
    } finally {
      spy.mockRestore();
    }
  });
});
