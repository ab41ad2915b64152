import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { EmailRecuperacao } from '../../backend/src/password-reset/entities/email-recuperacao.entity';
import { MailService } from '../../backend/src/mail/mail.service';
import { PasswordResetService } from '../../backend/src/password-reset/password-reset.service';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';
import { SmtpSink } from '../support/smtp-sink';

/*
 * Issue 53, ADR 0048: staff recover their own passwords through a recovery e-mail outside the firm's
 * domain, confirmed by a link; the board sends a reset link per user, audited.
 */
const SITE = 'https://site.exemplo.com.br';
const BRAND = 'Veritas Assessoria Empresarial';
const CONFIRM_SUBJECT = `Confirme o seu e-mail de recuperação — ${BRAND}`;
const RESET_SUBJECT = `Redefinição de senha — ${BRAND}`;
const CONFIRM_LINK = /\/painel\/confirmar-email-recuperacao\?token=([A-Za-z0-9_-]+)/;
const RESET_LINK = /\/redefinir-senha\?token=([A-Za-z0-9_-]+)/;
const STAFF_ANSWER = /^Se o e-mail informado for de uma conta da equipe com e-mail de recuperação confirmado/;
const PESSOAL = 'bruno.pessoal@exemplo.com';

describe.each(databaseKinds())('staff password recovery on %s', (kind) => {
  let api: TestApi;
  let sink: SmtpSink;
  let staff: Record<'master' | 'diretoria' | 'associado', any>;
  const sql = (query: string, params: unknown[]) => api.app.get(DataSource).query(query, params);

  beforeAll(async () => {
    sink = await SmtpSink.start();
    api = await TestApi.start(kind, { SMTP_URL: sink.url, SITE_URL: SITE, PASSWORD_RESET_RATE_PER_IP: '1000', PASSWORD_RESET_RATE_PER_EMAIL: '100' });
    staff = await api.withStaff();
  });
  afterAll(async () => {
    await api?.stop();
    await sink?.stop();
  });
  beforeEach(() => {
    sink.messages.length = 0;
  });

  async function settle() {
    await api.app.get(PasswordResetService).whenIdle();
    await api.app.get(MailService).flush();
  }
  async function forgot(email: string) {
    const r = await api.post('/api/auth/forgot-password', { email });
    await settle();
    return r;
  }
  async function setRecovery(email: string, as = 'associado') {
    const r = await api.put('/api/auth/recuperacao', { email }, as);
    await settle();
    return r;
  }
  function tokenIn(text: string | undefined, link: RegExp): string {
    const match = link.exec(text ?? '');
    if (!match) throw new Error(`sem link no e-mail: ${text}`);
    return match[1];
  }
  async function panelResetMails(as: string) {
    const inbox = await api.get('/api/emails/inbox', as);
    return inbox.body.data.filter((m: any) => m.subject.startsWith('Redefinição de senha'));
  }

  it('refuses a recovery e-mail on the firm domain with a clear 422, and a malformed one with a 400', async () => {
    for (const email of ['bruno@veritas.com.br', 'bruno@mail.veritas.com.br']) {
      const r = await setRecovery(email);
      expect(r.status).toBe(422);
      expect(r.body.message).toBe(
        'O e-mail de recuperação precisa ser de fora da empresa: endereços @veritas.com.br chegam à caixa do painel, que só abre depois de entrar. Informe um e-mail pessoal.',
      );
    }
    expect((await setRecovery('bruno@')).body.message).toBe('E-mail de recuperação inválido');
    expect((await api.put('/api/auth/recuperacao', {}, 'associado')).body.message).toBe('Informe o e-mail de recuperação.');
    expect((await api.get('/api/auth/recuperacao', 'associado')).body).toEqual({ data: null });
    expect(sink.messages).toHaveLength(0);
  });

  it('set → confirmation mail → an unconfirmed address is not used → confirm → the reset link goes to it, not to the panel mailbox', async () => {
    const set = await setRecovery(` ${PESSOAL.toUpperCase()} `);
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({ email: PESSOAL, verificado: false, verificadoEm: null });
    expect(set.body.message).toContain(`Enviamos um link de confirmação para ${PESSOAL}`);
    const confirmMail = await sink.waitForSubject(CONFIRM_SUBJECT, 10_000, PESSOAL);
    expect(confirmMail.parsed.html).toContain(`href="${SITE}/painel/confirmar-email-recuperacao?token=`);
    const token = tokenIn(confirmMail.parsed.text, CONFIRM_LINK);
    // Only the hash is stored.
    const [row] = await sql('SELECT * FROM email_recuperacao WHERE userId = ?', [staff.associado._id]);
    expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));

    // Unconfirmed: a reset request sends nothing, anywhere; the answer says to ask the board.
    sink.messages.length = 0;
    const early = await forgot('assoc.bruno@veritas.com.br');
    expect(early.status).toBe(200);
    expect(early.body.message).toMatch(STAFF_ANSWER);
    expect(sink.messages).toHaveLength(0);

    // Confirmed once; the link is spent.
    const ok = await api.post('/api/auth/recuperacao/confirmar', { token });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('E-mail de recuperação confirmado! Os links de redefinição de senha da sua conta serão enviados para ele.');
    const again = await api.post('/api/auth/recuperacao/confirmar', { token });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/^Este link de confirmação é inválido, já foi usado ou expirou/);
    expect((await api.get('/api/auth/recuperacao', 'associado')).body.data).toMatchObject({ email: PESSOAL, verificado: true });
    const [audit] = await sql(`SELECT * FROM auditoria WHERE acao = 'usuario.recuperacao.confirmado' AND entidadeId = ?`, [staff.associado._id]);
    expect(audit.atorId).toBe(staff.associado._id);

    // The staff reset now goes to the recovery e-mail, through the relay, and not into the panel's mailbox.
    const r = await forgot('assoc.bruno@veritas.com.br');
    expect(r.body.message).toMatch(STAFF_ANSWER);
    const reset = await sink.waitForSubject(RESET_SUBJECT, 10_000, PESSOAL);
    expect(reset.to).toEqual([PESSOAL]);
    expect(reset.parsed.text).toContain('ao painel da equipe da conta assoc.bruno@veritas.com.br');
    expect(await panelResetMails('associado')).toHaveLength(0);
    const resetToken = tokenIn(reset.parsed.text, RESET_LINK);
    expect((await api.post('/api/auth/reset-password', { token: resetToken, password: 'Recupera!2027' })).status).toBe(200);
    expect((await api.post('/api/auth/login', { email: 'assoc.bruno@veritas.com.br', password: 'Recupera!2027' })).status).toBe(200);
    await api.loginStaff('associado', 'assoc.bruno@veritas.com.br', 'Recupera!2027');
  });

  it('an expired confirmation link is refused and leaves the address unconfirmed', async () => {
    await setRecovery('dir.ana.pessoal@exemplo.com', 'diretoria');
    const token = tokenIn((await sink.waitForSubject(CONFIRM_SUBJECT, 10_000, 'dir.ana.pessoal@exemplo.com')).parsed.text, CONFIRM_LINK);
    await api.app.get(DataSource).getRepository(EmailRecuperacao).update({ userId: staff.diretoria._id }, { tokenExpiraEm: new Date(Date.now() - 1000) });
    expect((await api.post('/api/auth/recuperacao/confirmar', { token })).status).toBe(400);
    expect((await api.get('/api/auth/recuperacao', 'diretoria')).body.data.verificado).toBe(false);
    await api.del('/api/auth/recuperacao', 'diretoria');
  });

  it("the board's Enviar link de redefinição goes to the confirmed recovery e-mail and is audited; an associado gets 403", async () => {
    const sent = await api.post(`/api/users/${staff.associado._id}/enviar-redefinicao-senha`, undefined, 'diretoria');
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe('Link de redefinição de senha enviado para o e-mail de recuperação confirmado do usuário. O link vale por 1 hora.');
    await settle();
    const mail = await sink.waitForSubject(RESET_SUBJECT, 10_000, PESSOAL);
    expect(mail.to).toEqual([PESSOAL]);
    const [audit] = await sql(`SELECT * FROM auditoria WHERE acao = 'usuario.senha.link-enviado' AND entidadeId = ?`, [staff.associado._id]);
    expect(audit.atorId).toBe(staff.diretoria._id);
    expect(audit.diff).toContain(PESSOAL);

    expect((await api.post(`/api/users/${staff.diretoria._id}/enviar-redefinicao-senha`, undefined, 'associado')).status).toBe(403);
    // Without a confirmed recovery e-mail there is nowhere to send it: a 409 that says what to do.
    const none = await api.post(`/api/users/${staff.diretoria._id}/enviar-redefinicao-senha`, undefined, 'master');
    expect(none.status).toBe(409);
    expect(none.body.message).toMatch(/^Este usuário não tem e-mail de recuperação confirmado/);
    expect((await api.post('/api/users/00000000-0000-4000-8000-000000000000/enviar-redefinicao-senha', undefined, 'master')).status).toBe(404);
  });

  it('a removed recovery e-mail is no longer used', async () => {
    const removed = await api.del('/api/auth/recuperacao', 'associado');
    expect(removed.status).toBe(200);
    expect((await api.get('/api/auth/recuperacao', 'associado')).body).toEqual({ data: null });
    await forgot('assoc.bruno@veritas.com.br');
    expect(sink.messages).toHaveLength(0);
    expect(await panelResetMails('associado')).toHaveLength(0);
  });
});
