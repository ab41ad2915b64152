import { DataSource } from 'typeorm';
import { MailService } from '../../backend/src/mail/mail.service';
import { clienteFixture, TestApi } from '../support/api';
import { databaseKinds } from '../support/db';
import { SmtpSink } from '../support/smtp-sink';

const SENHA = 'S3nh@-do-relay-ç';
const URL = '/api/configuracoes/email-saida';

/**
 * Issue 53, ADR 0055: Configurações → E-mail de saída. The board sets the relay in the panel (its
 * password sealed, never returned), the messages that waited for one leave at once through it, with
 * the From it accepts; "Enviar e-mail de teste" says at once whether the relay took it; SMTP_URL wins.
 */
describe.each(databaseKinds())('E-mail de saída on %s', (kind) => {
  let api: TestApi;
  let sink: SmtpSink;
  let mail: MailService;
  let db: DataSource;

  beforeAll(async () => {
    sink = await SmtpSink.start(0, { auth: true });
    api = await TestApi.start(kind, { SMTP_PORT: '0', OUTBOX_RETRY_BASE_MS: '100' });
    await api.withStaff();
    mail = api.app.get(MailService);
    db = api.app.get(DataSource);
  });
  afterAll(async () => {
    await api.stop();
    await sink.stop();
  });

  const stored = async () => (await db.query("SELECT * FROM email_saida WHERE id = 'relay'"))[0] ?? null;
  const valid = () => ({ host: '127.0.0.1', porta: sink.port, seguranca: 'nenhuma', usuario: 'avisos', senha: SENHA, remetenteEmail: 'Avisos@Firma.test', remetenteNome: 'Firma Avisos' });

  it('without a relay: nothing in use, the welcome waits, the banner and readiness say so', async () => {
    expect((await api.get(URL, 'diretoria')).body.data).toEqual({ fonte: 'nenhuma', painel: null });
    const cliente = clienteFixture();
    expect((await api.post('/api/clientes/register', cliente)).status).toBe(201);
    await mail.flush();
    const [row] = await db.query('SELECT status, lastError FROM mail_outbox WHERE para = ?', [cliente.email]);
    expect(row).toMatchObject({ status: 'pending', lastError: 'O envio para endereços externos não está configurado; fale com o administrador.' });
    expect((await api.get('/api/fila-saida/resumo', 'master')).body.data).toMatchObject({ configurado: false, degradado: true });
    expect((await api.get('/api/health/ready')).body.checks.email).toBe('degradado');
  });

  it('refuses bad settings field by field in pt-BR, and stores nothing', async () => {
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ host: 'smtp://relay.example.com' }, /servidor de envio/],
      [{ host: 'relay example.com' }, /servidor de envio/],
      [{ host: '' }, /obrigatório/],
      [{ porta: 0 }, /porta deve ser um número de 1 a 65535/],
      [{ porta: 70000 }, /porta deve ser um número de 1 a 65535/],
      [{ porta: 'abc' }, /porta deve ser um número de 1 a 65535/],
      [{ seguranca: 'ssl' }, /segurança da conexão/],
      [{ remetenteEmail: 'nao-e-email' }, /remetente válido/],
      [{ usuario: 'avisos\r\nBcc: x@y.z' }, /caracteres de controle/],
      [{ senha: 'x'.repeat(501) }, /no máximo 500/],
    ];
    for (const [change, message] of bad) {
      const r = await api.put(URL, { ...valid(), ...change }, 'master');
      expect([JSON.stringify(change), r.status]).toEqual([JSON.stringify(change), 400]);
      expect(JSON.stringify(r.body.message)).toMatch(message);
    }
    expect(await stored()).toBeNull();
  });

  it('only the board reads or changes it', async () => {
    for (const who of ['associado', 'cliente'] as const) {
      if (who === 'cliente') await api.withCliente('cliente');
      expect((await api.get(URL, who)).status).toBe(403);
      expect((await api.put(URL, valid(), who)).status).toBe(403);
      expect((await api.post(`${URL}/teste`, { para: 'x@exemplo.com.br' }, who)).status).toBe(403);
    }
    expect((await api.get(URL)).status).toBe(401);
    expect(await stored()).toBeNull();
  });

  it('a save seals the password, never returns it, and sends what waited through the relay with its From', async () => {
    const r = await api.put(URL, valid(), 'diretoria');
    expect(r.status).toBe(200);
    expect(r.body.message).toMatch(/^Configurações de e-mail de saída salvas\. (1 mensagem que aguardava voltou|\d+ mensagens que aguardavam voltaram) à fila\.$/);
    expect(r.body.data).toMatchObject({
      fonte: 'painel',
      painel: { host: '127.0.0.1', porta: sink.port, seguranca: 'nenhuma', usuario: 'avisos', senhaDefinida: true, remetenteEmail: 'avisos@firma.test', remetenteNome: 'Firma Avisos' },
    });
    expect(JSON.stringify(r.body)).not.toContain(SENHA);
    expect(JSON.stringify((await api.get(URL, 'master')).body)).not.toContain(SENHA);
    const row = await stored();
    expect(row.senhaCifrada).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(SENHA);

    const welcome = await sink.waitForSubject(/^Boas-vindas/, 15_000);
    expect(welcome.from).toBe('avisos@firma.test');
    expect(welcome.parsed.from?.value[0]).toMatchObject({ address: 'avisos@firma.test', name: 'Firma Avisos' });
    expect(sink.logins).toContainEqual({ user: 'avisos', pass: SENHA });
    await mail.flush();
    expect((await api.get('/api/fila-saida/resumo', 'master')).body.data).toMatchObject({ configurado: true, degradado: false });
    expect((await api.get('/api/health/ready')).body.checks.email).toBe('ok');

    // In the audit trail: what changed, never the password nor its sealed form.
    const trail: { acao: string; diff: string }[] = await db.query("SELECT acao, diff FROM auditoria WHERE acao LIKE 'config.email_saida%'");
    expect(trail.map((t) => t.acao)).toContain('config.email_saida.create');
    expect(JSON.stringify(trail)).not.toContain(SENHA);
    expect(JSON.stringify(trail)).not.toContain(row.senhaCifrada);
  });

  it('a save without a password keeps the kept one; without a user, both go', async () => {
    const before = (await stored()).senhaCifrada;
    const { senha: _senha, ...rest } = valid();
    expect((await api.put(URL, { ...rest, remetenteNome: 'Firma' }, 'master')).body.data.painel).toMatchObject({ senhaDefinida: true, remetenteNome: 'Firma' });
    expect((await stored()).senhaCifrada).toBe(before);
    expect((await api.put(URL, { ...rest, usuario: '' }, 'master')).body.data.painel).toMatchObject({ usuario: null, senhaDefinida: false });
    expect((await stored()).senhaCifrada).toBeNull();
  });

  it('"Enviar e-mail de teste" goes at once through the relay; a relay that refuses gives its reason (422)', async () => {
    expect((await api.put(URL, valid(), 'master')).status).toBe(200);
    const ok = await api.post(`${URL}/teste`, { para: 'Dono@Exemplo.com.br' }, 'master');
    expect(ok).toMatchObject({ status: 200, body: { message: 'E-mail de teste enviado para dono@exemplo.com.br.' } });
    const test = await sink.waitForSubject(/^E-mail de teste — /, 10_000, 'dono@exemplo.com.br');
    expect(test.from).toBe('avisos@firma.test');
    expect(test.parsed.text).toContain('Este é um e-mail de teste');

    expect((await api.post(`${URL}/teste`, { para: 'não é e-mail' }, 'master')).status).toBe(400);
    sink.refuseWith = 554;
    try {
      const refused = await api.post(`${URL}/teste`, { para: 'dono@exemplo.com.br' }, 'master');
      expect(refused.status).toBe(422);
      expect(refused.body.message).toMatch(/^O e-mail de teste não foi enviado: o servidor de envio recusou a mensagem/);
    } finally {
      sink.refuseWith = null;
    }
    // A relay nobody answers at.
    const closed = await SmtpSink.start();
    const port = closed.port;
    await closed.stop();
    expect((await api.put(URL, { ...valid(), porta: port }, 'master')).status).toBe(200);
    const down = await api.post(`${URL}/teste`, { para: 'dono@exemplo.com.br' }, 'master');
    expect(down.status).toBe(422);
    expect(down.body.message).toMatch(/(conexão com o servidor de envio falhou|não foi possível conectar ao servidor de envio) \(.*ECONNREFUSED/);
  });

  it('Remover takes the panel relay away: nothing in use, a second removal is a 404, the test a 409', async () => {
    const r = await api.del(URL, 'diretoria');
    expect(r).toMatchObject({ status: 200, body: { data: { fonte: 'nenhuma', painel: null } } });
    expect(await stored()).toBeNull();
    expect((await api.del(URL, 'diretoria')).status).toBe(404);
    const t = await api.post(`${URL}/teste`, { para: 'dono@exemplo.com.br' }, 'master');
    expect(t.status).toBe(409);
    expect(t.body.message).toMatch(/Não há servidor de envio configurado/);
    expect((await api.get('/api/fila-saida/resumo', 'master')).body.data.configurado).toBe(false);
  });
});

describe('E-mail de saída with SMTP_URL set', () => {
  let api: TestApi;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await SmtpSink.start();
    api = await TestApi.start('sqlite', { SMTP_PORT: '0', SMTP_URL: sink.url });
    await api.withStaff();
  });
  afterAll(async () => {
    await api.stop();
    await sink.stop();
  });

  it('the environment wins, and the screen is told so', async () => {
    expect((await api.get(URL, 'master')).body.data).toEqual({ fonte: 'ambiente', painel: null });
    const r = await api.put(URL, { host: 'outro.relay.test', porta: 587, seguranca: 'starttls' }, 'master');
    expect(r.status).toBe(200);
    expect(r.body.data.fonte).toBe('ambiente');
    expect(r.body.message).toContain('SMTP_URL está definida no servidor e prevalece');
    // The test e-mail still goes, through SMTP_URL's relay.
    expect((await api.post(`${URL}/teste`, { para: 'dono@exemplo.com.br' }, 'master')).status).toBe(200);
    await sink.waitForSubject(/^E-mail de teste — /);
  });
});
