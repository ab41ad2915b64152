import { DataSource } from 'typeorm';
import { PORTAL_PATHS } from '@veritas/common';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';

const BRAND = 'Veritas Assessoria Empresarial';

/**
 * Issue 53, the portal's "Novidades" (ADR 0052): every notice to a client is listed in its portal,
 * with the screen it leads to, unread until opened — also when its e-mail category is off; a password
 * reset never is. Another client's notice is a 404; an erasure (LGPD) removes them all.
 */
describe.each(databaseKinds())('the client\'s Novidades on %s', (kind) => {
  let api: TestApi;
  let cliente: any;

  beforeAll(async () => {
    api = await TestApi.start(kind, { SMTP_PORT: '0' });
    await api.withEveryRole();
    cliente = await api.withCliente('cliente', { razaoSocial: 'Padaria Novidades Ltda' });
  });
  afterAll(async () => {
    await api.stop();
  });

  const novidades = async (who = 'cliente', query = '') => {
    const r = await api.get(`/api/clientes/me/novidades${query}`, who);
    expect(r.status).toBe(200);
    return r.body as { data: any[]; total: number; naoLidas: number };
  };
  /** The notices of an event, once the notifier (which may run after the answer) has written them. */
  const doEvento = async (evento: string, count = 1, who = 'cliente') => {
    for (let i = 0; i < 100; i++) {
      const found = (await novidades(who, '?range=[0,199]')).data.filter((n) => n.evento === evento);
      if (found.length >= count) return found;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`nenhuma novidade ${evento}`);
  };
  const novoRegistro = async (descricao: string, who = 'cliente') => (await api.post('/api/registros', { servico: 'abertura-empresas', descricao }, who)).body.data;

  it('the welcome is listed, unread, leading to the portal\'s start', async () => {
    const [welcome] = await doEvento('cliente.boas-vindas');
    expect(welcome).toMatchObject({ titulo: `Boas-vindas à ${BRAND}`, link: PORTAL_PATHS.dashboard, lidaEm: null });
    expect(new Date(welcome.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await novidades()).naoLidas).toBeGreaterThanOrEqual(1);
  });

  it('a status change produces one novidade leading to the registro', async () => {
    const r = await novoRegistro('Abertura com novidades');
    expect((await api.put(`/api/registros/${r._id}/status`, { status: 'andamento' }, 'master')).status).toBe(200);
    const status = (await doEvento('registro.status')).filter((n) => n.link === PORTAL_PATHS.registro(r._id));
    expect(status).toHaveLength(1);
    expect(status[0].titulo).toContain(r.numero);
    const recebido = (await doEvento('registro.recebido')).filter((n) => n.link === PORTAL_PATHS.registro(r._id));
    expect(recebido).toHaveLength(1);
  });

  it('a charge issued produces one novidade leading to the charge', async () => {
    const c = await api.post('/api/cobrancas', { clienteId: cliente._id, vencimento: '2027-02-10', linhas: [{ descricao: 'Honorários', tipo: 'honorario', valor: 321 }] }, 'financeiro');
    expect(c.status).toBe(201);
    const found = (await doEvento('cobranca.emitida')).filter((n) => n.link === PORTAL_PATHS.cobranca(c.body.data._id));
    expect(found).toHaveLength(1);
    expect(found[0].titulo).toBe('Nova cobrança: R$ 321,00, vencimento 10/02/2027');
  });

  it('a notice whose e-mail the client turned off is still listed; a password reset never is', async () => {
    expect((await api.put('/api/clientes/me/notificacoes', { andamento: false }, 'cliente')).status).toBe(200);
    const r = await novoRegistro('Sem e-mail de andamento');
    const found = (await doEvento('registro.recebido', 2)).filter((n) => n.link === PORTAL_PATHS.registro(r._id));
    expect(found).toHaveLength(1);
    expect(found[0].titulo).toBe(`Solicitação recebida: registro ${r.numero}`);
    await api.put('/api/clientes/me/notificacoes', { andamento: true }, 'cliente');

    expect((await api.post('/api/auth/forgot-password', { email: cliente.email })).status).toBe(200);
    const rows = await api.app.get(DataSource).query('SELECT evento FROM cliente_novidades WHERE clienteId = ?', [cliente._id]);
    expect(rows.map((x: { evento: string }) => x.evento)).not.toContain('senha.redefinicao');
  });

  it('lists newest first, paged with Content-Range', async () => {
    const all = await novidades('cliente', '?range=[0,199]');
    const times = all.data.map((n) => new Date(n.createdAt).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const page = await api.get('/api/clientes/me/novidades?range=[0,1]', 'cliente');
    expect(page.body.data).toHaveLength(2);
    expect(page.body.total).toBe(all.total);
    expect(page.headers.get('content-range')).toBe(`novidades 0-1/${all.total}`);
    expect((await api.get('/api/clientes/me/novidades?range=[5,1]', 'cliente')).status).toBe(400);
  });

  it('opening one marks it read; "Marcar todas como lidas" the rest', async () => {
    const before = await novidades();
    const alvo = before.data.find((n) => !n.lidaEm);
    const lida = await api.post(`/api/clientes/me/novidades/${alvo._id}/lida`, {}, 'cliente');
    expect(lida.status).toBe(200);
    expect(lida.body.data.lidaEm).not.toBeNull();
    expect(lida.body.naoLidas).toBe(before.naoLidas - 1);
    // Again: nothing changes.
    const again = await api.post(`/api/clientes/me/novidades/${alvo._id}/lida`, {}, 'cliente');
    expect(again.body.data.lidaEm).toBe(lida.body.data.lidaEm);
    expect((await novidades()).naoLidas).toBe(before.naoLidas - 1);

    const todas = await api.post('/api/clientes/me/novidades/lidas', {}, 'cliente');
    expect(todas.status).toBe(200);
    expect(todas.body).toMatchObject({ data: { marcadas: before.naoLidas - 1 }, naoLidas: 0, message: 'Todas as novidades foram marcadas como lidas.' });
    const after = await novidades('cliente', '?range=[0,199]');
    expect(after.naoLidas).toBe(0);
    expect(after.data.every((n) => n.lidaEm)).toBe(true);
  });

  it('another client\'s novidade is a 404, and it stays unread; a bad id a 404 too', async () => {
    await api.withCliente('outro', { razaoSocial: 'Outra Empresa Ltda' });
    const [welcome] = await doEvento('cliente.boas-vindas', 1, 'outro');
    const r = await api.post(`/api/clientes/me/novidades/${welcome._id}/lida`, {}, 'cliente');
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('Novidade não encontrada.');
    expect((await api.post('/api/clientes/me/novidades/nao-e-um-id/lida', {}, 'cliente')).status).toBe(404);
    expect((await novidades('outro')).data.find((n) => n._id === welcome._id).lidaEm).toBeNull();
    expect((await novidades('cliente')).data.some((n) => n._id === welcome._id)).toBe(false);
  });

  it('staff have no Novidades of their own here', async () => {
    expect((await api.get('/api/clientes/me/novidades', 'master')).status).toBe(403);
  });

  it('the LGPD copy lists them, and an approved erasure removes them all', async () => {
    const apagar = await api.withCliente('apagar', { razaoSocial: 'Empresa Que Sai Ltda' });
    await doEvento('cliente.boas-vindas', 1, 'apagar');
    const pedido = (await api.post('/api/clientes/me/eliminacao', { motivo: 'Encerramos.' }, 'apagar')).body.data;
    expect((await api.post(`/api/solicitacoes-titulares/${pedido._id}/aprovar`, {}, 'master')).status).toBe(200);
    const rows = await api.app.get(DataSource).query('SELECT id FROM cliente_novidades WHERE clienteId = ?', [apagar._id]);
    expect(rows).toEqual([]);
  });
});
