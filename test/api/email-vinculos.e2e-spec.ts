import { randomUUID } from 'node:crypto';
import { createTransport } from 'nodemailer';
import { DataSource } from 'typeorm';
import { ClienteMembro } from '../../backend/src/clientes';
import { SmtpListener } from '../../backend/src/mail/smtp-listener.service';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';
import { freePort } from '../support/server';

/** Issue 56: mail filed under its client and registro at ingest, shown and relinked by hand. */
describe.each(databaseKinds())('E-mails vinculados a cliente e registro on %s', (kind) => {
  let api: TestApi;
  let port: number;
  let clienteA: any;
  let clienteB: any;
  let registroA: any;
  let registroB: any;
  let staff: Awaited<ReturnType<TestApi['withEveryRole']>>;

  const send = (mail: { from: string; to: string; subject: string; text: string }) =>
    createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, connectionTimeout: 5000 }).sendMail(mail);
  /** The stored copy of a subject in `who`'s inbox. */
  async function received(who: string, subject: string): Promise<string> {
    const list = await api.get('/api/emails/inbox', who);
    const row = list.body.data.find((m: any) => m.subject === subject);
    expect(row).toBeDefined();
    return row._id;
  }
  const links = async (id: string, who = 'master') => {
    const r = await api.get(`/api/emails/message/${id}/vinculos`, who);
    expect(r.status).toBe(200);
    return r.body.data.map((l: any) => ({ clienteNome: l.clienteNome, registroNumero: l.registroNumero, origem: l.origem }));
  };
  const linkCount = async () => Number((await api.app.get(DataSource).query('SELECT COUNT(*) AS n FROM email_vinculos'))[0].n);

  beforeAll(async () => {
    api = await TestApi.start(kind, { SMTP_PORT: String(await freePort()) });
    staff = await api.withEveryRole();
    port = api.app.get(SmtpListener).address!.port;
    clienteA = await api.withCliente('clienteA', { razaoSocial: 'Construtora Ipê Ltda', email: 'contato@construtoraipe.com.br' });
    clienteB = await api.withCliente('clienteB', { razaoSocial: 'Padaria Pão Quente Ltda', email: 'padaria.paoquente@gmail.com' });
    const a = await api.post('/api/registros', { servico: 'certidao-simplificada', descricao: 'Certidão simplificada' }, 'clienteA');
    const b = await api.post('/api/registros', { servico: 'certidao-simplificada', descricao: 'Certidão da padaria' }, 'clienteB');
    expect([a.status, b.status]).toEqual([201, 201]);
    registroA = a.body.data;
    registroB = b.body.data;
  });
  afterAll(() => api.stop());

  it("a client's mail with the protocol in the subject lands linked to the registro and the client", async () => {
    const subject = `Dúvida sobre o protocolo ${registroA.numero}`;
    // A colleague of the client's registered address: filed by the company's own domain.
    await send({ from: 'Joana <joana.financeiro@ConstrutoraIpe.com.br>', to: 'master@veritas.com.br', subject, text: 'Bom dia, alguma novidade?' });
    const id = await received('master', subject);
    expect(await links(id)).toEqual([{ clienteNome: 'Construtora Ipê Ltda', registroNumero: registroA.numero, origem: 'auto' }]);
  });

  it('a CNPJ in the body files the message under its client; an unknown sender stays unlinked', async () => {
    await send({ from: 'contador@escritorio-x.com.br', to: 'master@veritas.com.br', subject: 'Balanço', text: `Segue o balanço do CNPJ ${clienteA.cnpj}.` });
    expect(await links(await received('master', 'Balanço'))).toEqual([{ clienteNome: 'Construtora Ipê Ltda', registroNumero: null, origem: 'auto' }]);
    await send({ from: 'alguem@desconhecido.com.br', to: 'master@veritas.com.br', subject: 'Oferta', text: 'Protocolo 2026-999999, CNPJ 11.222.333/0001-82.' });
    expect(await links(await received('master', 'Oferta'))).toEqual([]);
  });

  it('a mail from a public provider links only by the exact address', async () => {
    await send({ from: 'outra.pessoa@gmail.com', to: 'master@veritas.com.br', subject: 'Do gmail, outra pessoa', text: 'Olá' });
    expect(await links(await received('master', 'Do gmail, outra pessoa'))).toEqual([]);
    await send({ from: 'Padaria.PaoQuente@GMAIL.com', to: 'master@veritas.com.br', subject: 'Do gmail, a padaria', text: 'Olá' });
    expect(await links(await received('master', 'Do gmail, a padaria'))).toEqual([{ clienteNome: 'Padaria Pão Quente Ltda', registroNumero: null, origem: 'auto' }]);
  });

  it("a member's own address files the message under its company; a removed member's does not", async () => {
    const db = api.app.get(DataSource);
    const membro = (email: string, status: 'ativo' | 'removido') => ({ id: randomUUID(), clienteId: clienteB._id, nome: 'Ana Contadora', email, cpf: null, papel: 'contador' as const, capacidades: null, status, passwordHash: null, passwordChangedAt: null, tokenVersion: 0, conviteHash: null, conviteExpiraEm: null, convidadoPor: null, createdAt: new Date(), updatedAt: new Date() });
    await db.getRepository(ClienteMembro).save([membro('ana.contadora@gmail.com', 'ativo'), membro('ex.socio@gmail.com', 'removido')]);
    await send({ from: 'Ana <Ana.Contadora@gmail.com>', to: 'master@veritas.com.br', subject: 'Da contadora da padaria', text: 'Segue o balanço.' });
    expect(await links(await received('master', 'Da contadora da padaria'))).toEqual([{ clienteNome: 'Padaria Pão Quente Ltda', registroNumero: null, origem: 'auto' }]);
    await send({ from: 'ex.socio@gmail.com', to: 'master@veritas.com.br', subject: 'Do ex-sócio', text: 'Olá' });
    expect(await links(await received('master', 'Do ex-sócio'))).toEqual([]);
  });

  it("a message sent from the mailbox is filed too, the sender's copy and the colleague's", async () => {
    const subject = `Andamento do ${registroB.numero}`;
    const r = await api.post('/api/emails/send', { to: 'dir.ana@veritas.com.br', subject, body: '<p>Segue.</p>' }, 'master');
    expect(r.status).toBeLessThan(300);
    const sent = await api.get('/api/emails/sent', 'master');
    const row = sent.body.data.find((m: any) => m.subject === subject);
    const expected = [{ clienteNome: 'Padaria Pão Quente Ltda', registroNumero: registroB.numero, origem: 'auto' }];
    expect(await links(row._id)).toEqual(expected);
    expect(await links(await received('diretoria', subject), 'diretoria')).toEqual(expected);
  });

  it('a relinked message moves, to several registros; bad bodies change nothing', async () => {
    const id = await received('master', `Dúvida sobre o protocolo ${registroA.numero}`);
    const before = await linkCount();
    for (const body of [{ registroIds: 'x' }, { registroIds: ['nao-e-id'] }, { clienteId: 5, registroIds: [] }, { registroIds: Array(21).fill(registroB._id) }]) {
      const r = await api.put(`/api/emails/message/${id}/vinculos`, body, 'master');
      expect(r.status).toBe(400);
      expect(typeof r.body.message === 'string' ? r.body.message : r.body.message.join(' ')).toMatch(/Registro|registro|Cliente/);
    }
    expect(await linkCount()).toBe(before);

    const r = await api.put(`/api/emails/message/${id}/vinculos`, { clienteId: clienteB._id, registroIds: [registroB._id, registroA._id] }, 'master');
    expect(r.status).toBe(200);
    const expected = [
      { clienteNome: 'Construtora Ipê Ltda', registroNumero: registroA.numero, origem: 'manual' },
      { clienteNome: 'Padaria Pão Quente Ltda', registroNumero: registroB.numero, origem: 'manual' },
    ].sort((x, y) => x.registroNumero.localeCompare(y.registroNumero));
    expect(await links(id)).toEqual(expected);

    expect((await api.put(`/api/emails/message/${id}/vinculos`, { clienteId: clienteB._id, registroIds: [] }, 'master')).status).toBe(200);
    expect(await links(id)).toEqual([{ clienteNome: 'Padaria Pão Quente Ltda', registroNumero: null, origem: 'manual' }]);
    expect((await api.put(`/api/emails/message/${id}/vinculos`, { clienteId: null, registroIds: [] }, 'master')).status).toBe(200);
    expect(await links(id)).toEqual([]);
  });

  it('an associado cannot link a message to a registro it may not see (404, nothing revealed), nor touch another mailbox', async () => {
    const r = await api.post('/api/registros', { servico: 'consultoria', descricao: 'Da colega', clienteId: clienteB._id, responsavelId: staff.associado2._id }, 'diretoria');
    expect(r.status).toBe(201);
    const alheio = r.body.data;
    const subject = `Sobre ${alheio.numero}`;
    await send({ from: 'padaria.paoquente@gmail.com', to: 'assoc.bruno@veritas.com.br', subject, text: 'Olá' });
    const id = await received('associado', subject);
    // Filed under the registro at ingest, but the associado sees only the client.
    expect(await links(id, 'associado')).toEqual([{ clienteNome: 'Padaria Pão Quente Ltda', registroNumero: null, origem: 'auto' }]);
    expect(await linkCount()).toBeGreaterThan(0);
    const before = await linkCount();

    const refused = await api.put(`/api/emails/message/${id}/vinculos`, { registroIds: [alheio._id] }, 'associado');
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.body)).not.toContain(alheio.numero);
    expect(JSON.stringify(refused.body)).toBe(JSON.stringify((await api.put(`/api/emails/message/${id}/vinculos`, { registroIds: ['00000000-0000-4000-8000-000000000000'] }, 'associado')).body));
    expect(await linkCount()).toBe(before);

    // The associado's own edit keeps the colleague's link it cannot see.
    expect((await api.put(`/api/emails/message/${id}/vinculos`, { clienteId: null, registroIds: [] }, 'associado')).status).toBe(200);
    const rows = await api.app.get(DataSource).query('SELECT registroId FROM email_vinculos WHERE emailId = ?', [id]);
    expect(rows.map((x: any) => x.registroId)).toEqual([alheio._id]);

    // Someone else's message: not found, for reading and for relinking.
    const masters = await received('master', 'Balanço');
    expect((await api.get(`/api/emails/message/${masters}/vinculos`, 'associado')).status).toBe(404);
    expect((await api.put(`/api/emails/message/${masters}/vinculos`, { registroIds: [] }, 'associado')).status).toBe(404);
    expect((await api.get(`/api/emails/message/${masters}/vinculos`, 'clienteA')).status).toBe(403);
  });
});
