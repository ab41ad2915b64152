import { DataSource } from 'typeorm';
import { Cliente } from '../../backend/src/clientes/entities/cliente.entity';
import { clienteFixture, TestApi } from '../support/api';
import { databaseKinds } from '../support/db';

const DAY = 86_400_000;

describe.each(databaseKinds())('dashboard on %s', (kind) => {
  let api: TestApi;
  let staff: Awaited<ReturnType<TestApi['withEveryRole']>>;
  let clientes: any[];
  beforeAll(async () => {
    api = await TestApi.start(kind);
    staff = await api.withEveryRole();
    // Five clients, one inativo; two of them dated before any period.
    clientes = [];
    for (let i = 0; i < 5; i++) clientes.push((await api.post('/api/clientes', { ...clienteFixture(), status: i === 4 ? 'inativo' : 'ativo' }, 'master')).body.data);
    const repo = api.app.get(DataSource).getRepository(Cliente);
    await repo.update({ id: clientes[0]._id }, { createdAt: new Date(Date.now() - 400 * DAY) });
    await repo.update({ id: clientes[1]._id }, { createdAt: new Date(Date.now() - 20 * DAY) });
    // Client types: two, one inactive.
    await api.post('/api/tipos-cliente', { nome: 'Ativo' }, 'master');
    await api.post('/api/tipos-cliente', { nome: 'Inativo', ativo: false }, 'master');
    // Registros: three; the associado is responsible for two, one of which is concluded.
    const novo = async () => (await api.post('/api/registros', { clienteId: clientes[2]._id, servico: 'abertura-empresas', descricao: 'Abertura' }, 'master')).body.data;
    const [r1, r2] = [await novo(), await novo(), await novo()];
    for (const r of [r1, r2]) expect((await api.put(`/api/registros/${r._id}/responsavel`, { responsavelId: staff.associado._id }, 'master')).status).toBe(200);
    for (const status of ['andamento', 'concluido']) expect((await api.put(`/api/registros/${r2._id}/status`, { status }, 'associado')).status).toBe(200);
    // Mail: two unread for the associado, one for the diretoria.
    for (const to of ['assoc.bruno@veritas.com.br', 'assoc.bruno@veritas.com.br', 'dir.ana@veritas.com.br']) {
      expect((await api.post('/api/emails/send', { to, subject: 'Olá', body: '<p>Oi</p>' }, 'master')).status).toBe(201);
    }
  });
  afterAll(() => api.stop());

  const dash = async (who: string, periodo?: string) => {
    const r = await api.get(`/api/dashboard${periodo ? `?periodo=${periodo}` : ''}`, who);
    expect(r.status).toBe(200);
    return r.body.data;
  };

  it('master and diretoria see the firm: clients, types, registros by status, their own unread mail', async () => {
    for (const who of ['master', 'diretoria']) {
      const d = await dash(who, '30d');
      expect(d.escopo).toBe('firma');
      expect(d.clientes).toEqual({ total: 5, ativos: 4, inativos: 1, novos: 4 });
      expect(d.tiposCliente).toEqual({ total: 2, ativos: 1, inativos: 1 });
      expect(d.registros).toEqual({
        total: 3,
        porStatus: { pendente: 2, andamento: 0, concluido: 1, cancelado: 0, recusado: 0 },
        abertos: 2,
        novos: 3,
        concluidos: 1,
        vencidos: 0,
        semResponsavel: 1,
      });
    }
    expect((await dash('diretoria')).emails).toEqual({ naoLidos: 1 });
    expect((await dash('master')).emails).toEqual({ naoLidos: 0 });
  });

  it('an associado sees its own work: the registros it is responsible for, and its own unread mail', async () => {
    const d = await dash('associado', '7d');
    expect(d.escopo).toBe('proprio');
    expect(d.registros).toMatchObject({ total: 2, porStatus: { pendente: 1, concluido: 1 }, abertos: 1, novos: 2, concluidos: 1, semResponsavel: 1 });
    expect(d.emails).toEqual({ naoLidos: 2 });
    expect(d.clientes.total).toBe(5);
  });

  it("the site's contact messages waiting, for who answers them; none for who may not read them", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const body = { nome: `Visitante ${i}`, email: `visitante${i}.${Date.now()}@exemplo.com.br`, telefone: '(11) 98888-7777', assunto: 'Abertura de Empresas', mensagem: 'Olá', aceiteTermos: true, website: '' };
      expect((await api.post('/api/contato', body)).status).toBe(201);
    }
    const list = await api.get('/api/contato', 'master');
    ids.push(...list.body.data.map((m: any) => m._id));
    const before = (await dash('suporte')).mensagens;
    expect(before).toEqual({ naoLidas: ids.length, pendentes: ids.length });
    // One read, one handled (which reads it too): the figures follow, as the list's tabs count them.
    expect((await api.put(`/api/contato/${ids[0]}`, { lida: true }, 'suporte')).status).toBe(200);
    expect((await api.put(`/api/contato/${ids[1]}`, { tratada: true }, 'suporte')).status).toBe(200);
    const after = (await dash('suporte')).mensagens;
    const tab = async (status: string) => (await api.get(`/api/contato?filter=${encodeURIComponent(JSON.stringify({ status }))}`, 'suporte')).body.total;
    expect(after).toEqual({ naoLidas: await tab('nao-lidas'), pendentes: await tab('pendentes') });
    expect(after).toEqual({ naoLidas: ids.length - 2, pendentes: ids.length - 1 });
    expect((await dash('master')).mensagens).toEqual(after);
    expect((await dash('financeiro')).mensagens).toBeNull();
  });

  it('the period really changes the figures, and the series adds up to the new ones', async () => {
    const week = await dash('master', '7d');
    const month = await dash('master', '30d');
    const year = await dash('master', 'ano');
    expect(week.clientes.novos).toBe(3);
    expect(month.clientes.novos).toBe(4);
    expect([week.serie.length, month.serie.length]).toEqual([7, 30]);
    // One interval per month from January to this month (fim is the end of today, São Paulo time).
    expect(year.serie.length).toBe(new Date(Date.parse(year.periodo.fim) - DAY).getUTCMonth() + 1);
    expect(year.serie[0].chave).toMatch(/^\d{4}-01$/);
    for (const d of [week, month, year]) {
      expect(d.serie.reduce((a: number, s: any) => a + s.clientesNovos, 0)).toBe(d.clientes.novos);
      expect(d.serie.reduce((a: number, s: any) => a + s.registrosNovos, 0)).toBe(d.registros.novos);
    }
    expect(week.serie.at(-1).clientesNovos).toBe(3);
    expect(week.periodo).toMatchObject({ codigo: '7d', rotulo: 'Últimos 7 dias' });
    expect((await dash('master', 'mes')).periodo.rotulo).toBe('Este mês');
    expect((await dash('master')).periodo.codigo).toBe('30d');
    const bad = await api.get('/api/dashboard?periodo=semana', 'master');
    expect([bad.status, bad.body.message]).toEqual([400, 'Parâmetro periodo inválido: use 7d, 30d, mes ou ano.']);
  });
});
