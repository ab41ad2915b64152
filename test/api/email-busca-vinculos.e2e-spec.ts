import { SmtpListener } from '../../backend/src/mail/smtp-listener.service';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';
import { deliverToListener, inboxCopy } from '../support/mail-in';
import { freePort } from '../support/server';

/** Issue 56, second pass (ADR 0056): mail filed by a stage's Junta protocol at ingest; the mailbox searched by client and registro. */
describe.each(databaseKinds())('E-mails por cliente, registro e protocolo da Junta on %s', (kind) => {
  let api: TestApi;
  let port: number;
  let clienteA: any;
  let clienteB: any;
  let registroA: any;
  let registroB: any;

  const send = (to: string, subject: string, text: string) => deliverToListener(port, { from: 'jucesp@naoresponda.jucesp.sp.gov.br', to, subject, text });
  const links = async (id: string, who = 'master') => {
    const r = await api.get(`/api/emails/message/${id}/vinculos`, who);
    expect(r.status).toBe(200);
    return r.body.data.map((l: any) => ({ clienteNome: l.clienteNome, registroNumero: l.registroNumero }));
  };
  /** Writes a protocol on the registro's first stage (same status: only the protocol changes). */
  async function protocolar(registro: any, protocolo: string) {
    const detalhe = (await api.get(`/api/registros/${registro._id}`, 'master')).body.data;
    const etapa = detalhe.etapas[0];
    const r = await api.put(`/api/registros/${registro._id}/etapas/${etapa._id}`, { status: etapa.status, protocolo }, 'master');
    expect(r.status).toBe(200);
  }
  const subjects = async (query: Record<string, unknown>, who = 'master', path = '/api/emails') => {
    const r = await api.get(`${path}?filter=${encodeURIComponent(JSON.stringify(query))}`, who);
    expect(r.status).toBe(200);
    return r.body.data.map((m: any) => m.subject).sort();
  };

  beforeAll(async () => {
    api = await TestApi.start(kind, { SMTP_PORT: String(await freePort()) });
    await api.withEveryRole();
    port = api.app.get(SmtpListener).address!.port;
    clienteA = await api.withCliente('clienteA', { razaoSocial: 'Construtora Ipê Ltda', email: 'contato@construtoraipe.com.br' });
    clienteB = await api.withCliente('clienteB', { razaoSocial: 'Padaria Pão Quente Ltda', email: 'padaria.paoquente@gmail.com' });
    const a = await api.post('/api/registros', { servico: 'certidao-simplificada', descricao: 'Certidão simplificada' }, 'clienteA');
    const b = await api.post('/api/registros', { servico: 'certidao-simplificada', descricao: 'Certidão da padaria' }, 'clienteB');
    expect([a.status, b.status]).toEqual([201, 201]);
    registroA = a.body.data;
    registroB = b.body.data;
    await protocolar(registroA, 'SP 26/123.456-7');
    await protocolar(registroB, 'SP2698765432');
  });
  afterAll(() => api.stop());

  it("the Junta's protocol in the body files the mail under the registro and its client, however it is written", async () => {
    await send('master@veritas.com.br, dir.ana@veritas.com.br', 'Exigência formulada', 'Processo SP-26/123.456-7: formulada exigência. Consulte o sistema até 07/12/2026.');
    const expected = [{ clienteNome: 'Construtora Ipê Ltda', registroNumero: registroA.numero }];
    expect(await links(await inboxCopy(api, 'master', 'Exigência formulada'))).toEqual(expected);
    // Each mailbox copy carries its own links.
    expect(await links(await inboxCopy(api, 'diretoria', 'Exigência formulada'), 'diretoria')).toEqual(expected);
    await send('master@veritas.com.br', 'Deferimento sp2698765432', 'Deferido.');
    expect(await links(await inboxCopy(api, 'master', 'Deferimento sp2698765432'))).toEqual([{ clienteNome: 'Padaria Pão Quente Ltda', registroNumero: registroB.numero }]);
  });

  it('an unknown protocol, a date or a protocol two registros share files under nothing', async () => {
    await send('master@veritas.com.br', 'Outro processo', 'Processo SP2611111111 de 07/12/2026.');
    expect(await links(await inboxCopy(api, 'master', 'Outro processo'))).toEqual([]);
    const c = await api.post('/api/registros', { servico: 'certidao-simplificada', descricao: 'Outra certidão' }, 'clienteB');
    expect(c.status).toBe(201);
    await protocolar(c.body.data, 'SP2655555555');
    await protocolar(registroB, 'SP2655555555');
    await send('master@veritas.com.br', 'Protocolo repetido', 'Processo SP2655555555.');
    expect(await links(await inboxCopy(api, 'master', 'Protocolo repetido'))).toEqual([]);
    await protocolar(registroB, 'SP2698765432');
  });

  it("filters one's own mailbox by client and by registro, with the search and the folders", async () => {
    await deliverToListener(port, { from: 'contato@construtoraipe.com.br', to: 'master@veritas.com.br', subject: 'Da construtora, sem registro', text: 'Olá' });
    await inboxCopy(api, 'master', 'Da construtora, sem registro');
    expect(await subjects({ clienteId: clienteA._id })).toEqual(['Da construtora, sem registro', 'Exigência formulada']);
    expect(await subjects({ registroId: registroA._id })).toEqual(['Exigência formulada']);
    expect(await subjects({ clienteId: clienteB._id })).toEqual(['Deferimento sp2698765432']);
    expect(await subjects({ clienteId: clienteA._id, registroId: registroB._id })).toEqual([]);
    expect(await subjects({ clienteId: clienteA._id, q: 'construtora' })).toEqual(['Da construtora, sem registro']);
    expect(await subjects({ clienteId: clienteA._id }, 'master', '/api/emails/inbox')).toEqual(['Da construtora, sem registro', 'Exigência formulada']);
    const counted = await api.get(`/api/emails?filter=${encodeURIComponent(JSON.stringify({ clienteId: clienteA._id }))}`, 'master');
    expect(counted.body.total).toBe(2);
    expect(counted.headers.get('content-range')).toBe('emails 0-1/2');
    // Archived, it leaves the inbox's filtered list and shows in the archive's.
    const id = await inboxCopy(api, 'master', 'Da construtora, sem registro');
    expect((await api.put(`/api/emails/${id}/folder`, { folder: 'archive' }, 'master')).status).toBe(200);
    expect(await subjects({ clienteId: clienteA._id })).toEqual(['Exigência formulada']);
    expect(await subjects({ folder: 'archive', clienteId: clienteA._id })).toEqual(['Da construtora, sem registro']);
    // Relinked by hand, the filter follows at once.
    const exig = await inboxCopy(api, 'master', 'Exigência formulada');
    expect((await api.put(`/api/emails/message/${exig}/vinculos`, { registroIds: [registroB._id] }, 'master')).status).toBe(200);
    expect(await subjects({ registroId: registroA._id })).toEqual([]);
    expect(await subjects({ registroId: registroB._id })).toEqual(['Deferimento sp2698765432', 'Exigência formulada']);
  });

  it("lists only the caller's own copies: a colleague's mail filed under the same registro is not there", async () => {
    const ids = (await api.get(`/api/emails?filter=${encodeURIComponent(JSON.stringify({ registroId: registroA._id }))}`, 'diretoria')).body.data.map((m: any) => m._id);
    expect(ids).toEqual([await inboxCopy(api, 'diretoria', 'Exigência formulada')]);
    expect(ids).not.toContain(await inboxCopy(api, 'master', 'Exigência formulada'));
    expect(await subjects({ clienteId: clienteB._id }, 'financeiro')).toEqual([]);
    expect(await subjects({ clienteId: clienteA._id }, 'associado')).toEqual([]);
  });

  it('refuses a malformed client or registro id (400, pt-BR); clients may not list the mailbox (403)', async () => {
    for (const filter of [{ clienteId: 'x' }, { registroId: 5 }, { registroId: ['a'] }, { clienteId: { $ne: 1 } }]) {
      const r = await api.get(`/api/emails?filter=${encodeURIComponent(JSON.stringify(filter))}`, 'master');
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(/^Filtro (clienteId|registroId) inválido/);
      expect((await api.get(`/api/emails/sent?filter=${encodeURIComponent(JSON.stringify(filter))}`, 'master')).status).toBe(400);
    }
    expect((await api.get(`/api/emails?filter=${encodeURIComponent(JSON.stringify({ clienteId: clienteA._id }))}`, 'clienteA')).status).toBe(403);
  });
});
