import { DataSource } from 'typeorm';
import { MailOutbox } from '../../backend/src/mail/entities/mail-outbox.entity';
import { MailService } from '../../backend/src/mail/mail.service';
import { MailOutboxService, PARKED_UNTIL } from '../../backend/src/mail/mail-outbox.service';
import { NO_RELAY_MESSAGE } from '../../backend/src/mail/mail-relay';
import { APP_CONFIG, AppConfig } from '../../backend/src/platform/config/config';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';
import { SmtpSink } from '../support/smtp-sink';

// MailService is what other features (status notifications, password recovery, the contact form)
// use to send mail: checked here through the app's own instance and a local SMTP sink as relay.
describe.each(databaseKinds())('MailService on %s', (kind) => {
  let api: TestApi;
  let sink: SmtpSink;
  let mail: MailService;
  let outbox: () => Promise<MailOutbox[]>;

  beforeAll(async () => {
    sink = await SmtpSink.start();
    api = await TestApi.start(kind, { SMTP_PORT: '0', SMTP_URL: sink.url });
    await api.withStaff();
    mail = api.app.get(MailService);
    outbox = () => api.app.get(DataSource).getRepository(MailOutbox).find({ order: { createdAt: 'ASC' } });
  });
  afterAll(async () => {
    await api.stop();
    await sink.stop();
  });
  beforeEach(() => {
    sink.refuseWith = null;
    sink.messages.length = 0;
  });

  it('send: a colleague gets it in the inbox, an outside address through the relay, from nao-responda@', async () => {
    const result = await mail.send({
      to: ['dir.ana@veritas.com.br', 'cliente@exemplo.com.br'],
      subject: 'Registro atualizado',
      html: '<p>Seu registro <b>mudou</b> de status.</p><script>alert(1)</script>',
      attachments: [{ filename: 'protocolo.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4 teste') }],
    });
    expect(result.delivered).toEqual(['dir.ana@veritas.com.br']);
    expect(result.relayed).toEqual(['cliente@exemplo.com.br']);

    const [out] = await sink.waitFor(1);
    expect(out.to).toEqual(['cliente@exemplo.com.br']);
    expect(out.from).toBe('nao-responda@veritas.com.br');
    expect(out.parsed.from?.value[0]).toEqual({ address: 'nao-responda@veritas.com.br', name: 'Veritas Assessoria Empresarial' });
    expect(out.parsed.html).toContain('<b>mudou</b>');
    expect(out.parsed.html).not.toContain('script');
    expect(out.parsed.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([['protocolo.pdf', '%PDF-1.4 teste']]);

    const inbox = await api.get('/api/emails/inbox', 'diretoria');
    expect(inbox.body.data.map((m: any) => m.subject)).toContain('Registro atualizado');
    expect(inbox.body.unread).toBe(1);
  });

  it('send: with the relay refusing, it throws in Portuguese and no colleague got a copy', async () => {
    sink.refuseWith = 554;
    const before = (await api.get('/api/emails/inbox', 'associado')).body.total;
    await expect(
      mail.send({ to: ['assoc.bruno@veritas.com.br', 'fora@exemplo.com'], subject: 'x', html: '<p>x</p>' }),
    ).rejects.toThrow(/^O servidor de envio recusou a mensagem/);
    expect((await api.get('/api/emails/inbox', 'associado')).body.total).toBe(before);
  });

  it('enqueue: returns at once, delivers in the background, retries after a failure', async () => {
    sink.refuseWith = 451;
    await mail.enqueue({ to: ['cliente2@exemplo.com.br'], subject: 'Recuperação de senha', html: '<p>Use o link</p>' });
    await mail.flush();
    let [row] = (await outbox()).filter((r) => r.summary.includes('Recuperação'));
    expect(row.status).toBe('pending');
    expect(row.attempts).toBeGreaterThanOrEqual(1);
    expect(row.lastError).toMatch(/^O servidor de envio recusou a mensagem/);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    sink.refuseWith = null;
    await mail.flush();
    [row] = (await outbox()).filter((r) => r.summary.includes('Recuperação'));
    expect(row.status).toBe('sent');
    const [msg] = await sink.waitFor(1);
    expect(msg.parsed.subject).toBe('Recuperação de senha');
  });

  it('enqueue never throws, even for an address that can never work, and gives that one up', async () => {
    await expect(mail.enqueue({ to: ['não é email'], subject: 'Inválido', html: 'x' })).resolves.toBeUndefined();
    await mail.flush();
    const [row] = (await outbox()).filter((r) => r.summary.includes('Inválido'));
    expect(row.status).toBe('failed');
    expect(row.lastError).toMatch(/inválido/);
  });
});

describe.each(databaseKinds())('The outbox without a relay (SMTP_URL unset) on %s', (kind) => {
  let api: TestApi;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await SmtpSink.start();
    api = await TestApi.start(kind, { SMTP_PORT: '0' });
    await api.withStaff();
  });
  afterAll(async () => {
    await api.stop();
    await sink.stop();
  });

  const rows = () => api.app.get(DataSource).getRepository(MailOutbox).find({ order: { createdAt: 'ASC' } });

  it('parks mail for outside addresses without spending attempts, delivers mail for colleagues, and sends the parked mail once a relay appears', async () => {
    const mail = api.app.get(MailService);
    const outbox = api.app.get(MailOutboxService);
    await mail.enqueue({ to: ['cliente@exemplo.com.br'], subject: 'Cobrança vencida', html: '<p>Sua cobrança venceu.</p>' });
    await mail.enqueue({ to: ['dir.ana@veritas.com.br'], subject: 'Só para a equipe', html: '<p>Interno.</p>' });
    await outbox.flush();
    const [parked, internal] = await rows();
    expect(parked).toMatchObject({ status: 'pending', attempts: 0, lastError: NO_RELAY_MESSAGE });
    expect(parked.nextAttemptAt.getTime()).toBe(PARKED_UNTIL.getTime());
    expect(internal.status).toBe('sent');
    expect((await api.get('/api/emails/inbox', 'diretoria')).body.data.map((m: any) => m.subject)).toContain('Só para a equipe');

    // More passes change nothing: no attempt is spent while there is no relay.
    await outbox.flush();
    await outbox.flush();
    expect((await rows())[0]).toMatchObject({ status: 'pending', attempts: 0 });

    // The app restarted with SMTP_URL (here: the same config object, as start-up would read it).
    api.app.get<AppConfig>(APP_CONFIG).mail.relayUrl = sink.url;
    expect(await outbox.resumeParked()).toBe(1);
    await outbox.flush();
    const [out] = await sink.waitFor(1);
    expect(out.to).toEqual(['cliente@exemplo.com.br']);
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });
});
