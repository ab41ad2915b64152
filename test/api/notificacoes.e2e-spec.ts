import { NOTIFICACOES_PADRAO } from '@veritas/common';
import { MailService } from '../../backend/src/mail/mail.service';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';
import { SmtpSink, type SunkMessage } from '../support/smtp-sink';

const SITE = 'https://www.exemplo.com.br';
const BRAND = 'Veritas Assessoria Empresarial';

/**
 * Issue 53, "Clients choose" (ADR 0046): Meus dados → Notificações turns optional notices off per
 * category; security and legal ones always go. Every optional e-mail carries its unsubscribe link and
 * the RFC 8058 one-click headers; the link's signed token turns its category off, a forged one nothing.
 */
describe.each(databaseKinds())('client notification preferences on %s', (kind) => {
  let api: TestApi;
  let sink: SmtpSink;
  let mail: MailService;
  let cliente: any;

  beforeAll(async () => {
    sink = await SmtpSink.start();
    api = await TestApi.start(kind, { SMTP_PORT: '0', SMTP_URL: sink.url, SITE_URL: SITE });
    await api.withEveryRole();
    cliente = await api.withCliente('cliente', { razaoSocial: 'Padaria Escolhe Ltda' });
  });
  afterAll(async () => {
    await api.stop();
    await sink.stop();
  });

  const arrived = async (subject: string): Promise<SunkMessage> => {
    mail ??= api.app.get(MailService);
    await mail.flush();
    return sink.waitForSubject(subject, 10_000, cliente.email);
  };
  /** A header as the relay sent it, unfolded. */
  const header = (m: SunkMessage, name: string): string | undefined =>
    m.parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line.replace(/\r?\n[ \t]+/g, '').replace(/^[^:]+:\s*/, '');
  const unsubscribeUrl = (m: SunkMessage): string => header(m, 'List-Unsubscribe')!.replace(/^<|>$/g, '');
  const prefs = async () => (await api.get('/api/clientes/me/notificacoes', 'cliente')).body.data;
  const novoRegistro = async (descricao: string) => (await api.post('/api/registros', { servico: 'abertura-empresas', descricao }, 'cliente')).body.data;
  const novaCobranca = async (valor: number) => {
    const r = await api.post('/api/cobrancas', { clienteId: cliente._id, vencimento: '2027-02-10', linhas: [{ descricao: 'Honorários', tipo: 'honorario', valor }] }, 'financeiro');
    expect(r.status).toBe(201);
    return r.body.data;
  };
  const oneClick = (url: string) =>
    fetch(url.replace(SITE, api.baseUrl), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click', redirect: 'manual' });

  it('a client that never chose gets every category, and the screen names what is always sent', async () => {
    const r = await api.get('/api/clientes/me/notificacoes', 'cliente');
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual(NOTIFICACOES_PADRAO);
    expect(r.body.sempreEnviadas).toMatch(/segurança e legais são sempre enviados/);
  });

  it('an optional notice carries the one-click headers and the unsubscribe link in its text and HTML', async () => {
    const r = await novoRegistro('Com link de descadastro');
    const m = await arrived(`Solicitação recebida: registro ${r.numero}`);
    const url = unsubscribeUrl(m);
    expect(url).toMatch(new RegExp(`^${SITE}/api/notificacoes/descadastrar\\?token=`));
    expect(header(m, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(m.parsed.text).toContain(`Para não receber mais estes avisos: ${url}`);
    expect(m.parsed.text).toContain(`${SITE}/cliente/meus-dados`);
    expect(m.parsed.html).toContain(`href="${url.replace(/&/g, '&amp;')}"`);
  });

  it('security and legal notices carry no unsubscribe header: the welcome and the password reset', async () => {
    const welcome = await arrived(`Boas-vindas à ${BRAND}`);
    expect(header(welcome, 'List-Unsubscribe')).toBeUndefined();
    expect((await api.post('/api/auth/forgot-password', { email: cliente.email })).status).toBe(200);
    const reset = await arrived(`Redefinição de senha — ${BRAND}`);
    expect(header(reset, 'List-Unsubscribe')).toBeUndefined();
    expect(header(reset, 'List-Unsubscribe-Post')).toBeUndefined();
    expect(reset.parsed.text).not.toContain('/api/notificacoes/descadastrar');
  });

  it('a category turned off suppresses its notices, never another category nor a security one', async () => {
    const off = await api.put('/api/clientes/me/notificacoes', { andamento: false }, 'cliente');
    expect(off.status).toBe(200);
    expect(off.body.data).toEqual({ ...NOTIFICACOES_PADRAO, andamento: false });
    expect(off.body.message).toBe('Preferências de notificação salvas.');

    await mail.flush();
    sink.messages.length = 0;
    const r = await novoRegistro('Sem aviso de andamento');
    expect((await api.post('/api/auth/forgot-password', { email: cliente.email })).status).toBe(200);
    // Another category and the security notice still go: once they have arrived, the suppressed one had every chance to.
    await novaCobranca(321);
    await arrived('Nova cobrança: R$ 321,00, vencimento 10/02/2027');
    await arrived(`Redefinição de senha — ${BRAND}`);
    await mail.flush();
    expect(sink.messages.map((m) => m.parsed.subject)).not.toContain(`Solicitação recebida: registro ${r.numero}`);

    expect((await api.put('/api/clientes/me/notificacoes', { andamento: true }, 'cliente')).body.data).toEqual(NOTIFICACOES_PADRAO);
  });

  it('the one-click POST with the e-mail\'s token turns that category off, without signing in', async () => {
    await novaCobranca(400);
    const m = await arrived('Nova cobrança: R$ 400,00, vencimento 10/02/2027');
    const url = unsubscribeUrl(m);

    // Opening the link (a person, or a mail scanner) changes nothing: it asks first.
    const page = await fetch(url.replace(SITE, api.baseUrl));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('Deixar de receber avisos de Cobranças e lembretes?');
    expect(html).toContain('Confirmar descadastro');
    expect((await prefs()).cobrancas).toBe(true);

    const res = await oneClick(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Você não receberá mais e-mails de cobranças e lembretes.');
    expect(await prefs()).toEqual({ ...NOTIFICACOES_PADRAO, cobrancas: false });
    // Twice is the same answer.
    expect((await oneClick(url)).status).toBe(200);

    sink.messages.length = 0;
    await novaCobranca(555);
    const r = await novoRegistro('Controle depois do descadastro');
    await arrived(`Solicitação recebida: registro ${r.numero}`);
    await mail.flush();
    expect(sink.messages.some((x) => x.parsed.subject === 'Nova cobrança: R$ 555,00, vencimento 10/02/2027')).toBe(false);
    await api.put('/api/clientes/me/notificacoes', { cobrancas: true }, 'cliente');
  });

  it('a forged or changed token gets a 400 in Portuguese and changes nothing', async () => {
    await novaCobranca(600);
    const url = unsubscribeUrl(await arrived('Nova cobrança: R$ 600,00, vencimento 10/02/2027'));
    const token = decodeURIComponent(new URL(url).searchParams.get('token')!);
    const [id, categoria, sig] = token.split('.');
    expect(categoria).toBe('cobrancas');
    const outro = await api.withCliente('outro');
    const forged = [
      `${id}.agenda.${sig}`, // another category, same signature
      `${outro._id}.cobrancas.${sig}`, // another client, same signature
      `${id}.cobrancas.${sig.slice(0, -3)}abc`, // a changed signature
      `${id}.cobrancas`, // none
      '',
    ];
    for (const t of forged) {
      const res = await oneClick(`${SITE}/api/notificacoes/descadastrar?token=${encodeURIComponent(t)}`);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(/^Link de descadastro inválido/);
      const page = await fetch(`${api.baseUrl}/api/notificacoes/descadastrar?token=${encodeURIComponent(t)}`);
      expect(page.status).toBe(400);
      expect(await page.text()).toContain('Link inválido');
    }
    expect(await prefs()).toEqual(NOTIFICACOES_PADRAO);
    expect((await api.get('/api/clientes/me/notificacoes', 'outro')).body.data).toEqual(NOTIFICACOES_PADRAO);
  });

  it('a value that is not true or false is a 400 in Portuguese, and staff have no preferences of their own', async () => {
    const bad = await api.put('/api/clientes/me/notificacoes', { agenda: 'talvez' }, 'cliente');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Agenda: informe true (receber) ou false (não receber).');
    expect((await api.put('/api/clientes/me/notificacoes', { outra: true }, 'cliente')).status).toBe(400);
    expect((await api.get('/api/clientes/me/notificacoes', 'master')).status).toBe(403);
  });
});
