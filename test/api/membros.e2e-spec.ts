import { DataSource } from 'typeorm';
import { CONVITE_EXPIRADO, SEM_CAPACIDADE, ULTIMO_RESPONSAVEL } from '@veritas/common';
import { samplePdf } from '../../backend/src/documentos/sample-files';
import { MailService } from '../../backend/src/mail';
import { ClienteMembro } from '../../backend/src/clientes';
import { ClienteMembros1766930000000 } from '../../backend/src/platform/database/migrations/1766930000000-ClienteMembros';
import { JwtService } from '@nestjs/jwt';
import { databaseKinds } from '../support/db';
import { TestApi } from '../support/api';
import { SmtpSink } from '../support/smtp-sink';

const SITE = 'https://portal.exemplo.test';
const LINK = /\/convite\?token=([A-Za-z0-9_-]+)/;
const SENHA = 'Membro!2026';

/**
 * Members per client company (issue 54, ADR 0058): the Responsável invites, the invitee accepts by the
 * e-mailed link and signs in as itself, with what its role (and the Responsável's toggles) allow.
 */
describe.each(databaseKinds())('members of a client company on %s', (kind) => {
  let api: TestApi;
  let sink: SmtpSink;
  let db: DataSource;
  let clienteA: any;
  let clienteB: any;
  let seq = 0;

  beforeAll(async () => {
    sink = await SmtpSink.start();
    api = await TestApi.start(kind, { SMTP_URL: sink.url, SITE_URL: SITE });
    await api.withStaff();
    clienteA = await api.withCliente('clienteA', { razaoSocial: 'Padaria Pão Quente Ltda', nomeCompletoResponsavel: 'João Padeiro' });
    clienteB = await api.withCliente('clienteB', { razaoSocial: 'Oficina Bom Motor Ltda' });
    db = api.app.get(DataSource);
  });
  afterAll(async () => {
    await api.stop();
    await sink.stop();
  });

  const email = (n: string) => `${n}.${Date.now()}.${++seq}@contabil.com.br`;

  /** Invites through `as` (a client's token, or staff with `clienteId`), returns the member and the link's token from the relay. */
  async function convidar(as: string, body: Record<string, unknown>, clienteId?: string) {
    const url = clienteId ? `/api/clientes/${clienteId}/membros/convites` : '/api/clientes/me/membros/convites';
    const r = await api.post(url, body, as);
    expect([r.status, r.body?.message]).toEqual([201, undefined]);
    await api.app.get(MailService).flush();
    const mail = await sink.waitForSubject('Convite para a área do cliente — Veritas Assessoria Empresarial', 10_000, body.email as string);
    const token = LINK.exec(mail.parsed.text ?? '')?.[1];
    expect(token).toBeDefined();
    return { membro: r.body.data, token: token!, mail };
  }

  async function upload(as: string, name: string) {
    const form = new FormData();
    form.append('arquivo', new Blob([new Uint8Array(samplePdf())]), name);
    const res = await fetch(`${api.baseUrl}/api/documentos`, { method: 'POST', headers: { authorization: `Bearer ${api.token[as]}` }, body: form });
    return { status: res.status, body: (await res.json()) as any };
  }

  it('the migration moves each company login into its Responsável (down, then up, on this database)', async () => {
    const qr = db.createQueryRunner();
    try {
      await new ClienteMembros1766930000000().down(qr);
      // Back as an older release kept it: the login in clientes, no members.
      const [antes] = await db.query('SELECT email, passwordHash FROM clientes WHERE id = ?', [clienteA._id]);
      expect(antes.passwordHash).toMatch(/^\$argon2/);
      await new ClienteMembros1766930000000().up(qr);
    } finally {
      await qr.release();
    }
    const rows = await db.query('SELECT id, clienteId, nome, email, papel, status, passwordHash, tokenVersion FROM cliente_membros ORDER BY nome');
    expect(rows.map((r: any) => [r.id, r.clienteId, r.papel, r.status])).toEqual(
      expect.arrayContaining([
        [clienteA._id, clienteA._id, 'responsavel', 'ativo'],
        [clienteB._id, clienteB._id, 'responsavel', 'ativo'],
      ]),
    );
    expect(rows).toHaveLength(Number((await db.query('SELECT COUNT(*) AS n FROM clientes'))[0].n));
    expect(rows.find((r: any) => r.id === clienteA._id)).toMatchObject({ nome: 'João Padeiro', email: clienteA.email, passwordHash: expect.stringMatching(/^\$argon2/) });
    expect((await db.query('SELECT passwordHash FROM clientes WHERE id = ?', [clienteA._id]))[0].passwordHash).toBe('');
    // The session from before the upgrade goes on (same member id, same version); the old login signs in as the Responsável.
    expect((await api.get('/api/clientes/me', 'clienteA')).status).toBe(200);
    const login = await api.post('/api/auth/login', { email: clienteA.email, password: 'Cliente!2026' });
    expect([login.status, login.body.role, login.body.data.membro?.papel]).toEqual([200, 'cliente', 'responsavel']);
    // A client token without a member (issued before members existed) is refused: its holder signs in again.
    const semMembro = await api.app.get(JwtService).signAsync({ sub: clienteA._id, role: 'cliente', tv: 0 });
    expect((await api.call('GET', '/api/clientes/me', { token: semMembro })).status).toBe(401);
  });

  it('the existing login is the company Responsável, with every capacity', async () => {
    const me = (await api.get('/api/clientes/me', 'clienteA')).body.data;
    expect(me.membro).toMatchObject({ nome: 'João Padeiro', papel: 'responsavel', papelLabel: 'Responsável', status: 'ativo', email: clienteA.email });
    expect(me.membro.capacidades).toEqual(['solicitar', 'cobrancas', 'enviar_documentos', 'ver_documentos', 'membros']);
    const list = (await api.get('/api/clientes/me/membros', 'clienteA')).body;
    expect(list.total).toBe(1);
    expect(JSON.stringify(list)).not.toMatch(/passwordHash|conviteHash|\$argon2/);
  });

  it('a Responsável invites a Contador who accepts, signs in, sends a document and cannot see charges when not allowed', async () => {
    const ana = email('ana');
    const { membro, token, mail } = await convidar('clienteA', { nome: 'Ana', email: ana, papel: 'contador', capacidades: ['enviar_documentos', 'ver_documentos'] });
    expect(membro).toMatchObject({ status: 'convidado', papel: 'contador', capacidades: ['enviar_documentos', 'ver_documentos'] });
    expect(mail.parsed.text).toContain(`${SITE}/convite?token=`);
    expect(mail.parsed.text).toContain('João Padeiro (Responsável) convidou você');
    // Only the hash is kept.
    const row = (await db.query('SELECT conviteHash FROM cliente_membros WHERE id = ?', [membro._id]))[0];
    expect(row.conviteHash).toHaveLength(64);
    expect(row.conviteHash).not.toBe(token);
    // Invited: it cannot sign in yet.
    expect((await api.post('/api/auth/login', { email: ana, password: SENHA })).status).toBe(401);

    const page = await api.get(`/api/convites/${token}`);
    expect([page.status, page.body.data]).toEqual([200, expect.objectContaining({ empresa: 'Padaria Pão Quente Ltda', papelLabel: 'Contador', convidadoPor: 'João Padeiro (Responsável)' })]);
    expect((await api.post(`/api/convites/${token}/aceitar`, { nome: 'Ana Souza', senha: 'fraca' })).status).toBe(400);
    const ok = await api.post(`/api/convites/${token}/aceitar`, { nome: 'Ana Souza', cpf: '529.982.247-25', senha: SENHA });
    expect([ok.status, ok.body.message]).toEqual([200, 'Convite aceito! Entre com o seu e-mail e a senha que você escolheu.']);
    // The link is spent.
    expect((await api.get(`/api/convites/${token}`)).status).toBe(410);
    expect((await api.post(`/api/convites/${token}/aceitar`, { nome: 'Ana Souza', senha: SENHA })).status).toBe(410);

    const login = await api.post('/api/auth/login', { email: ana, password: SENHA });
    expect([login.status, login.body.role, login.body.data._id, login.body.data.membro.nome]).toEqual([200, 'cliente', clienteA._id, 'Ana Souza']);
    api.token.ana = login.body.token;

    const doc = await upload('ana', 'Balanço 2025.pdf');
    expect([doc.status, doc.body.data?.enviadoPorNome]).toEqual([201, 'Ana Souza (Contador)']);
    // The company sees it (its own document), signed by the member.
    const mine = (await api.get('/api/documentos/me', 'clienteA')).body.data;
    expect(mine.find((d: any) => d._id === doc.body.data._id)?.enviadoPorNome).toBe('Ana Souza (Contador)');
    // The trail names the member.
    const trail = await db.query("SELECT atorNome, atorTipo, atorId FROM auditoria WHERE entidade = 'documentos' AND entidadeId = ?", [doc.body.data._id]);
    expect(trail[0]).toMatchObject({ atorNome: 'Ana Souza (Contador)', atorTipo: 'cliente', atorId: clienteA._id });

    const charges = await api.get('/api/cobrancas/me', 'ana');
    expect([charges.status, charges.body.message]).toEqual([403, SEM_CAPACIDADE.cobrancas]);
    const request = await api.post('/api/registros', { servico: 'certidao-simplificada', descricao: 'Certidão' }, 'ana');
    expect([request.status, request.body.message]).toEqual([403, SEM_CAPACIDADE.solicitar]);
    // Not the Responsável: it manages no one.
    expect((await api.post('/api/clientes/me/membros/convites', { nome: 'X', email: email('x'), papel: 'socio' }, 'ana')).status).toBe(403);

    // The Responsável turns charges on: the next request sees them (read from the member's row).
    const patch = await api.call('PATCH', `/api/clientes/me/membros/${membro._id}`, { body: { capacidades: ['cobrancas', 'enviar_documentos', 'ver_documentos'] }, as: 'clienteA' });
    expect(patch.status).toBe(200);
    expect((await api.get('/api/cobrancas/me', 'ana')).status).toBe(200);
  });

  it('a Sócio opens a request whose history names it', async () => {
    const { token } = await convidar('clienteA', { nome: 'Bruno', email: email('bruno'), papel: 'socio' });
    const body = await api.post(`/api/convites/${token}/aceitar`, { nome: 'Bruno Lima', senha: SENHA });
    expect(body.status).toBe(200);
    const mail = (await db.query('SELECT email FROM cliente_membros WHERE nome = ?', ['Bruno Lima']))[0].email;
    await api.loginCliente('bruno', mail, SENHA);
    const r = await api.post('/api/registros', { servico: 'certidao-simplificada', descricao: 'Certidão simplificada' }, 'bruno');
    expect(r.status).toBe(201);
    const detalhe = (await api.get(`/api/registros/${r.body.data._id}`, 'clienteA')).body.data;
    expect(detalhe.historico[0]).toMatchObject({ evento: 'criacao', autorTipo: 'cliente', autorNome: 'Bruno Lima (Sócio)' });
  });

  it('an expired invitation answers 410; a revoked one too; resend sends a new link', async () => {
    const { membro, token } = await convidar('clienteA', { nome: 'Carla', email: email('carla'), papel: 'colaborador' });
    await db.getRepository(ClienteMembro).update({ id: membro._id }, { conviteExpiraEm: new Date(Date.now() - 1000) });
    const expired = await api.get(`/api/convites/${token}`);
    expect([expired.status, expired.body.message]).toEqual([410, CONVITE_EXPIRADO]);
    expect((await api.post(`/api/convites/${token}/aceitar`, { nome: 'Carla', senha: SENHA })).status).toBe(410);

    sink.messages.length = 0;
    const again = await api.post(`/api/clientes/me/membros/${membro._id}/convite/reenviar`, {}, 'clienteA');
    expect(again.status).toBe(200);
    await api.app.get(MailService).flush();
    const mail = await sink.waitForSubject('Convite para a área do cliente — Veritas Assessoria Empresarial');
    const novo = LINK.exec(mail.parsed.text ?? '')![1];
    expect(novo).not.toBe(token);
    expect((await api.get(`/api/convites/${token}`)).status).toBe(410);
    expect((await api.get(`/api/convites/${novo}`)).status).toBe(200);

    expect((await api.del(`/api/clientes/me/membros/${membro._id}/convite`, 'clienteA')).status).toBe(204);
    expect((await api.get(`/api/convites/${novo}`)).status).toBe(410);
    expect((await api.get(`/api/convites/${'x'.repeat(43)}`)).status).toBe(410);
  });

  it('the last active Responsável is never removed nor demoted (409); another company gets 404', async () => {
    const own = (await api.get('/api/clientes/me', 'clienteA')).body.data.membro;
    const demote = await api.call('PATCH', `/api/clientes/me/membros/${own._id}`, { body: { papel: 'socio' }, as: 'clienteA' });
    expect([demote.status, demote.body.message]).toEqual([409, ULTIMO_RESPONSAVEL]);
    const remove = await api.del(`/api/clientes/me/membros/${own._id}`, 'clienteA');
    expect([remove.status, remove.body.message]).toEqual([409, ULTIMO_RESPONSAVEL]);
    expect((await api.del(`/api/clientes/${clienteA._id}/membros/${own._id}`, 'master')).status).toBe(409);
    expect((await db.query('SELECT papel FROM cliente_membros WHERE id = ?', [own._id]))[0].papel).toBe('responsavel');

    // Company B's Responsável cannot see nor touch A's member.
    expect((await api.call('PATCH', `/api/clientes/me/membros/${own._id}`, { body: { papel: 'socio' }, as: 'clienteB' })).status).toBe(404);
    expect((await api.del(`/api/clientes/me/membros/${own._id}`, 'clienteB')).status).toBe(404);
    expect((await api.get('/api/clientes/me/membros', 'clienteB')).body.data.map((m: any) => m.email)).toEqual([clienteB.email]);
  });

  it('staff manage the members from the client record; a removed member token answers 401', async () => {
    const dora = email('dora');
    const { membro, token, mail } = await convidar('associado', { nome: 'Dora', email: dora, papel: 'responsavel' }, clienteB._id);
    expect(mail.parsed.text).toContain('Pessoa assoc.bruno (Veritas Assessoria Empresarial) convidou você');
    expect((await api.post(`/api/convites/${token}/aceitar`, { nome: 'Dora Reis', senha: SENHA })).status).toBe(200);
    await api.loginCliente('dora', dora, SENHA);
    const list = (await api.get(`/api/clientes/${clienteB._id}/membros`, 'diretoria')).body;
    expect(list.data.map((m: any) => [m.nome, m.status])).toEqual([
      [expect.any(String), 'ativo'],
      ['Dora Reis', 'ativo'],
    ]);
    // Two Responsáveis now: the original may be demoted by staff.
    const first = list.data[0]._id;
    expect((await api.call('PATCH', `/api/clientes/${clienteB._id}/membros/${first}`, { body: { papel: 'contador' }, as: 'diretoria' })).status).toBe(200);
    expect((await api.get('/api/cobrancas/me', 'clienteB')).status).toBe(200);
    expect((await api.post('/api/clientes/me/membros/convites', { nome: 'Y', email: email('y'), papel: 'socio' }, 'clienteB')).status).toBe(403);
    // Put back, then Dora removed: her token dies.
    expect((await api.call('PATCH', `/api/clientes/${clienteB._id}/membros/${first}`, { body: { papel: 'responsavel' }, as: 'diretoria' })).status).toBe(200);
    expect((await api.get('/api/clientes/me', 'dora')).status).toBe(200);
    expect((await api.del(`/api/clientes/${clienteB._id}/membros/${membro._id}`, 'associado')).status).toBe(204);
    expect((await api.get('/api/clientes/me', 'dora')).status).toBe(401);
    expect((await api.post('/api/auth/login', { email: dora, password: SENHA })).status).toBe(401);
    // Staff of a member that is not the client's: 404.
    expect((await api.del(`/api/clientes/${clienteA._id}/membros/${membro._id}`, 'associado')).status).toBe(404);
  });

  it('a member logs out of every device alone, and erases its own personal data', async () => {
    const eva = email('eva');
    const { token } = await convidar('clienteA', { nome: 'Eva', email: eva, papel: 'colaborador' });
    expect((await api.post(`/api/convites/${token}/aceitar`, { nome: 'Eva Prado', cpf: '111.444.777-35', senha: SENHA })).status).toBe(200);
    await api.loginCliente('eva', eva, SENHA);
    expect((await api.post('/api/auth/logout-todos', {}, 'eva')).status).toBe(204);
    expect((await api.get('/api/clientes/me', 'eva')).status).toBe(401);
    expect((await api.get('/api/clientes/me', 'clienteA')).status).toBe(200);

    await api.loginCliente('eva', eva, SENHA);
    const doc = await upload('eva', 'rg.pdf');
    expect(doc.body.data.enviadoPorNome).toBe('Eva Prado (Colaborador)');
    // Eva writes in a registro's conversation (ADR 0057): the message names her and is hers in her copy.
    const registro = (await api.post('/api/registros', { servico: 'certidao-simplificada', descricao: 'Certidão para o banco' }, 'clienteA')).body.data;
    const msg = await api.post(`/api/registros/${registro._id}/mensagens`, { texto: 'Enviei o RG do sócio.' }, 'eva');
    expect([msg.status, msg.body.data?.autorNome]).toEqual([201, 'Eva Prado (Colaborador)']);
    const [{ autorMembroId }] = await db.query('SELECT autorMembroId FROM registro_mensagens WHERE id = ?', [msg.body.data._id]);
    expect(autorMembroId).toBe((await db.query('SELECT id FROM cliente_membros WHERE email = ?', [eva]))[0].id);
    const dados = await api.get('/api/clientes/me/membro/dados', 'eva');
    expect(dados.body.data.membro).toMatchObject({ nome: 'Eva Prado', email: eva, cpf: '11144477735', papel: 'Colaborador' });
    expect(JSON.stringify(dados.body)).not.toContain('Padaria');
    expect(dados.body.data.mensagens).toEqual([expect.objectContaining({ registroId: registro._id, texto: 'Enviei o RG do sócio.' })]);
    expect((await api.get('/api/cobrancas/me', 'eva')).status).toBe(403);
    // Company-level LGPD requests are the Responsável's.
    expect((await api.post('/api/clientes/me/exportacao', {}, 'eva')).status).toBe(403);

    const gone = await api.post('/api/clientes/me/membro/eliminacao', {}, 'eva');
    expect(gone.status).toBe(200);
    expect((await api.get('/api/clientes/me', 'eva')).status).toBe(401);
    expect((await api.post('/api/auth/login', { email: eva, password: SENHA })).status).toBe(401);
    const row = (await db.query('SELECT nome, email, cpf, passwordHash, status FROM cliente_membros WHERE email LIKE ?', ['membro-%@anonimizado.invalid'])).find((r: any) => r.nome.startsWith('Membro anonimizado'));
    expect(row).toMatchObject({ cpf: null, passwordHash: null, status: 'removido' });
    // The company keeps the document, without the name.
    const kept = (await api.get(`/api/documentos/${doc.body.data._id}`, 'clienteA')).body.data;
    expect(kept.enviadoPorNome).toMatch(/^Membro anonimizado #[0-9a-f]{8} \(Colaborador\)$/);
    const conversa = (await api.get(`/api/registros/${registro._id}/mensagens`, 'clienteA')).body.data;
    expect(conversa.map((m: any) => m.autorNome)).toEqual([kept.enviadoPorNome]);
    // The last Responsável cannot erase itself.
    expect((await api.post('/api/clientes/me/membro/eliminacao', {}, 'clienteA')).status).toBe(409);
  });

  it('e-mails are unique across members and refuse a staff address; bad input is 400', async () => {
    const taken = await api.post('/api/clientes/me/membros/convites', { nome: 'Z', email: clienteB.email, papel: 'socio' }, 'clienteA');
    expect([taken.status, taken.body.message]).toEqual([409, 'Este e-mail já está cadastrado.']);
    expect((await api.post('/api/clientes/me/membros/convites', { nome: 'Z', email: 'master@veritas.com.br', papel: 'socio' }, 'clienteA')).status).toBe(409);
    expect((await api.post('/api/clientes/me/membros/convites', { nome: 'Z', email: email('z'), papel: 'dono' }, 'clienteA')).status).toBe(400);
    expect((await api.post('/api/clientes/me/membros/convites', { nome: 'Z', email: email('z'), papel: 'socio', capacidades: ['membros'] }, 'clienteA')).status).toBe(400);
    expect((await api.post('/api/clientes/me/membros/convites', { nome: 'Z', email: email('z'), papel: 'socio', cpf: '123' }, 'clienteA')).status).toBe(400);
    // Registering a company with a member's login e-mail is refused too.
    const ana = (await db.query("SELECT email FROM cliente_membros WHERE nome = 'Ana Souza'"))[0].email;
    const reg = await api.post('/api/clientes/register', { razaoSocial: 'Outra', cnpj: '11.222.333/0001-81', email: ana, password: 'Cliente!2026' });
    expect(reg.status).toBe(409);
  });
});
