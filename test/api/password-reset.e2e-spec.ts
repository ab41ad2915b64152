import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { MailService } from '../../backend/src/mail/mail.service';
import { PasswordResetToken } from '../../backend/src/password-reset/entities/password-reset-token.entity';
import { PasswordResetService } from '../../backend/src/password-reset/password-reset.service';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';
import { SmtpSink } from '../support/smtp-sink';

const NEUTRAL = 'Se o e-mail informado estiver cadastrado, você receberá em instantes um link para redefinir a sua senha. O link vale por 1 hora.';
const INVALID = 'Este link de redefinição de senha é inválido, já foi usado ou expirou. Peça um novo link de redefinição.';
const STAFF_ANSWER =
  'Se o e-mail informado for de uma conta da equipe com e-mail de recuperação confirmado, o link para redefinir a senha foi enviado ' +
  'para esse e-mail de recuperação (vale por 1 hora). Sem e-mail de recuperação confirmado, peça à diretoria que envie um link de redefinição pelo painel.';
const DONE = 'Senha redefinida com sucesso! Faça login com a nova senha.';
const SITE = 'https://site.exemplo.com.br';
const LINK = new RegExp(`${SITE.replace(/\./g, '\\.')}/redefinir-senha\\?token=([A-Za-z0-9_-]+)`);

describe.each(databaseKinds())('password recovery on %s', (kind) => {
  let api: TestApi;
  let sink: SmtpSink;
  let cliente: any;
  let tokens: () => Promise<PasswordResetToken[]>;

  beforeAll(async () => {
    sink = await SmtpSink.start();
    api = await TestApi.start(kind, { SMTP_URL: sink.url, SITE_URL: SITE, PASSWORD_RESET_RATE_PER_IP: '1000', PASSWORD_RESET_RATE_PER_EMAIL: '100' });
    await api.withStaff();
    cliente = await api.withCliente('cliente', { email: 'recupera@exemplo.com.br' });
    // Its welcome (issue 53) goes out now, before the tests count what leaves.
    await api.app.get(MailService).flush();
    await sink.waitForSubject('Boas-vindas à Veritas Assessoria Empresarial');
    tokens = () => api.app.get(DataSource).getRepository(PasswordResetToken).find();
  });
  afterAll(async () => {
    await api?.stop();
    await sink?.stop();
  });
  beforeEach(() => {
    sink.messages.length = 0;
  });

  /** Asks for a link and waits until the product has handled the request and sent its mail. */
  async function forgot(email: string) {
    const r = await api.post('/api/auth/forgot-password', { email });
    await api.app.get(PasswordResetService).whenIdle();
    await api.app.get(MailService).flush();
    return r;
  }

  /** The token in the last recovery e-mail the relay received for `to`. */
  function tokenFromSink(to: string): string {
    const mail = [...sink.messages].reverse().find((m) => m.to.includes(to));
    if (!mail) throw new Error(`nenhum e-mail para ${to}`);
    const match = LINK.exec(mail.parsed.text ?? '');
    if (!match) throw new Error(`sem link no e-mail: ${mail.parsed.text}`);
    return match[1];
  }

  it('a client asks, gets a link by e-mail through the relay, and chooses a new password', async () => {
    const r = await forgot('  Recupera@Exemplo.com.br ');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: NEUTRAL });

    const [mail] = await sink.waitFor(1);
    expect(mail.to).toEqual(['recupera@exemplo.com.br']);
    expect(mail.from).toBe('nao-responda@veritas.com.br');
    expect(mail.parsed.subject).toBe('Redefinição de senha — Veritas Assessoria Empresarial');
    expect(mail.parsed.text).toContain('à área do cliente');
    expect(mail.parsed.html).toContain(`href="${SITE}/redefinir-senha?token=`);
    const token = tokenFromSink('recupera@exemplo.com.br');

    // Only the hash is stored, valid for one hour.
    const rows = (await tokens()).filter((t) => t.accountId === cliente._id);
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(rows[0].accountType).toBe('cliente');
    expect(rows[0].expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(rows[0].expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);

    // The page asks first whether its link still holds (issue 58): yes, and nothing about the account.
    const check = await api.post('/api/auth/reset-password/check', { token });
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ valido: true });

    const weak = await api.post('/api/auth/reset-password', { token, password: 'fraca' });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe('A senha deve ter pelo menos 8 caracteres');
    const noSpecial = await api.post('/api/auth/reset-password', { token, password: 'SemEspecial1' });
    expect(noSpecial.body.message).toBe('A senha deve conter pelo menos um caractere especial');

    // Tokens carry whole seconds: the reset must come in a later second than the sign-in.
    await new Promise((r) => setTimeout(r, 1100));
    const ok = await api.post('/api/auth/reset-password', { token, password: 'Nova!Senha2026' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: DONE });
    // Whoever held the old password's session is out.
    expect((await api.get('/api/clientes/me', 'cliente')).status).toBe(401);
    // The trail (issue 16): the client itself, by the link; never the hash.
    const [entry] = await api.app.get(DataSource).query(`SELECT * FROM auditoria WHERE acao = 'cliente.senha.redefinicao' AND entidadeId = ?`, [cliente._id]);
    expect(entry).toMatchObject({ atorTipo: 'cliente', atorId: cliente._id, entidade: 'clientes', clienteId: cliente._id });
    expect(JSON.parse(entry.diff).passwordHash).toEqual(['[oculto]', '[oculto]']);

    expect((await api.post('/api/clientes/login', { email: 'recupera@exemplo.com.br', password: 'Cliente!2026' })).status).toBe(401);
    expect((await api.post('/api/clientes/login', { email: 'recupera@exemplo.com.br', password: 'Nova!Senha2026' })).status).toBe(200);

    // Single use.
    const again = await api.post('/api/auth/reset-password', { token, password: 'Outra!Senha2026' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(INVALID);
    expect((await api.post('/api/clientes/login', { email: 'recupera@exemplo.com.br', password: 'Nova!Senha2026' })).status).toBe(200);
    // Spent: the page's check says so before any password is typed.
    expect((await api.post('/api/auth/reset-password/check', { token })).body).toEqual({ valido: false });
  });

  it('an unknown e-mail gets the very same answer, and no e-mail nor link is made', async () => {
    const before = (await tokens()).length;
    const r = await forgot('ninguem@exemplo.com.br');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: NEUTRAL });
    expect(sink.messages).toHaveLength(0);
    expect((await tokens()).length).toBe(before);
  });

  it('a staff member without a confirmed recovery e-mail gets no link anywhere (not into the panel mailbox), and the answer says to ask the board', async () => {
    const r = await forgot('dir.ana@veritas.com.br');
    expect(r.body).toEqual({ message: STAFF_ANSWER });
    expect(sink.messages).toHaveLength(0);
    const inbox = await api.get('/api/emails/inbox', 'diretoria');
    expect(inbox.body.data.filter((m: any) => m.subject.startsWith('Redefinição de senha'))).toHaveLength(0);
    // Every address on the firm's domain gets that answer, an account or not (ADR 0048).
    expect((await forgot('ninguem@veritas.com.br')).body).toEqual({ message: STAFF_ANSWER });
  });

  it('using one link spends every other pending link of the account', async () => {
    await forgot('recupera@exemplo.com.br');
    const first = tokenFromSink('recupera@exemplo.com.br');
    await forgot('recupera@exemplo.com.br');
    const second = tokenFromSink('recupera@exemplo.com.br');
    expect(second).not.toBe(first);

    expect((await api.post('/api/auth/reset-password', { token: second, password: 'Segunda!2026' })).status).toBe(200);
    const old = await api.post('/api/auth/reset-password', { token: first, password: 'Primeira!2026' });
    expect(old.status).toBe(400);
    expect(old.body.message).toBe(INVALID);
    expect((await tokens()).filter((t) => t.accountId === cliente._id && !t.usedAt)).toHaveLength(0);
  });

  it('an expired link is refused', async () => {
    await forgot('recupera@exemplo.com.br');
    const token = tokenFromSink('recupera@exemplo.com.br');
    const repo = api.app.get(DataSource).getRepository(PasswordResetToken);
    const hash = createHash('sha256').update(token).digest('hex');
    await repo.update({ tokenHash: hash }, { expiresAt: new Date(Date.now() - 1000) });
    expect((await api.post('/api/auth/reset-password/check', { token })).body).toEqual({ valido: false });
    const r = await api.post('/api/auth/reset-password', { token, password: 'Expirada!2026' });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(INVALID);
    expect((await api.post('/api/clientes/login', { email: 'recupera@exemplo.com.br', password: 'Expirada!2026' })).status).toBe(401);
  });

  it('an inactive client gets no link (it could not sign in anyway)', async () => {
    const other = await api.withCliente('inativo', { email: 'inativo@exemplo.com.br' });
    expect((await api.put(`/api/clientes/${other._id}`, { status: 'inativo' }, 'master')).status).toBe(200);
    const r = await forgot('inativo@exemplo.com.br');
    expect(r.body).toEqual({ message: NEUTRAL });
    // Its welcome went out (issue 53); no reset link did.
    expect(sink.messages.filter((m) => m.parsed.subject?.startsWith('Redefinição de senha'))).toHaveLength(0);
  });

  it.each([
    ['no e-mail', {}, 'Informe o seu e-mail.'],
    ['a malformed e-mail', { email: 'recupera@' }, 'E-mail inválido'],
    ['an e-mail that is not text', { email: 42 }, 'Informe o seu e-mail.'],
    ['an unknown field', { email: 'a@b.com', role: 'user' }, 'O campo role não é permitido.'],
  ])('forgot-password refuses %s with a 400 in Portuguese', async (_name, body, message) => {
    const r = await api.post('/api/auth/forgot-password', body);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(message);
  });

  it.each([
    ['no token', { password: 'Valida!2026' }, INVALID],
    ['an unknown token', { token: 'x'.repeat(43), password: 'Valida!2026' }, INVALID],
    ['a huge token', { token: 'x'.repeat(5000), password: 'Valida!2026' }, INVALID],
    ['no password', { token: 'abc' }, 'Informe a nova senha.'],
    ['a weak password', { token: 'abc', password: 'semmaiuscula1!' }, 'A senha deve conter letras maiúsculas e minúsculas'],
  ])('reset-password refuses %s with a 400 in Portuguese', async (_name, body, message) => {
    const r = await api.post('/api/auth/reset-password', body);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(message);
  });

  it('the link check answers the same for an unknown token as for a spent one, and refuses a malformed one with a 400', async () => {
    expect((await api.post('/api/auth/reset-password/check', { token: 'x'.repeat(43) })).body).toEqual({ valido: false });
    for (const body of [{}, { token: 42 }, { token: 'x'.repeat(5000) }]) {
      const r = await api.post('/api/auth/reset-password/check', body);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(INVALID);
    }
  });
});

describe.each(databaseKinds())('password recovery limits on %s', (kind) => {
  let api: TestApi;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await SmtpSink.start();
    api = await TestApi.start(kind, { SMTP_URL: sink.url, PASSWORD_RESET_RATE_PER_IP: '5', PASSWORD_RESET_RATE_PER_EMAIL: '2' });
    await api.withCliente('cliente', { email: 'limite@exemplo.com.br' });
  });
  afterAll(async () => {
    await api?.stop();
    await sink?.stop();
  });

  it('sends at most PASSWORD_RESET_RATE_PER_EMAIL mails to one address, answering the same; then 429 per IP', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await api.post('/api/auth/forgot-password', { email: 'limite@exemplo.com.br' });
      answers.push(r.status);
      expect(r.body).toEqual({ message: NEUTRAL });
    }
    expect(answers).toEqual([200, 200, 200, 200]);
    await api.app.get(PasswordResetService).whenIdle();
    await api.app.get(MailService).flush();
    // Besides the registration's welcome (issue 53): two reset links.
    const resets = () => sink.messages.filter((m) => m.parsed.subject?.startsWith('Redefinição de senha'));
    for (let i = 0; i < 100 && resets().length < 2; i++) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 300));
    expect(resets()).toHaveLength(2);

    expect((await api.post('/api/auth/forgot-password', { email: 'outro@exemplo.com.br' })).status).toBe(200);
    const limited = await api.post('/api/auth/forgot-password', { email: 'outro@exemplo.com.br' });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('Muitos pedidos de redefinição de senha. Aguarde 60 minutos e tente novamente.');
  });
});
