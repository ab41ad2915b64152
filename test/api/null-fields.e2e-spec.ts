import { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';
import { Cliente } from '../../backend/src/clientes/entities/cliente.entity';
import { ContatoMensagem } from '../../backend/src/contato/entities/contato-mensagem.entity';
import { TipoCliente } from '../../backend/src/tipos-cliente/entities/tipo-cliente.entity';
import { User } from '../../backend/src/users/entities/user.entity';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';

/**
 * An optional field means "left out", never null: null or a value of the wrong type in any field
 * is a pt-BR 400, and the row in the database is exactly what it was.
 */
describe.each(databaseKinds())('null and wrongly typed fields on %s', (kind) => {
  let api: TestApi;
  let ds: DataSource;
  const ids: Record<string, string> = {};

  const row = async (entity: EntityTarget<ObjectLiteral>, id: string) => ds.getRepository(entity).findOneByOrFail({ id });

  beforeAll(async () => {
    api = await TestApi.start(kind);
    ds = api.app.get(DataSource);
    await api.withStaff();
    ids.cliente = (await api.withCliente('cliente'))._id;
    ids.user = (await api.post('/api/users', { username: 'carla.n', nomeCompleto: 'Carla Nunes', password: 'Equipe!2026', isAdmin: false, permissions: ['Associados'] }, 'master')).body.data._id;
    ids.tipo = (await api.post('/api/tipos-cliente', { nome: 'MEI', servicos: [{ nome: 'Abertura', valor: 100 }] }, 'master')).body.data._id;
    await api.post('/api/contato', {
      nome: 'Visitante', email: 'visitante@exemplo.com.br', telefone: '(11) 98888-7777', empresa: 'Padaria',
      assunto: 'Abertura de Empresas', mensagem: 'Gostaria de abrir uma empresa.', aceiteTermos: true, website: '',
    });
    ids.contato = (await api.get('/api/contato', 'master')).body.data[0]._id;
  });
  afterAll(() => api.stop());

  const cases: [string, string, () => string, EntityTarget<ObjectLiteral>, Record<string, unknown>][] = [
    ['PUT users nomeCompleto null', 'PUT', () => `/api/users/${ids.user}`, User, { nomeCompleto: null }],
    ['PUT users isAdmin null', 'PUT', () => `/api/users/${ids.user}`, User, { isAdmin: null }],
    ['PUT users permissions null', 'PUT', () => `/api/users/${ids.user}`, User, { permissions: null }],
    ['PUT users username null', 'PUT', () => `/api/users/${ids.user}`, User, { username: null }],
    ['PUT users isAdmin "sim"', 'PUT', () => `/api/users/${ids.user}`, User, { isAdmin: 'sim' }],
    ['PUT users nomeCompleto number', 'PUT', () => `/api/users/${ids.user}`, User, { nomeCompleto: 42 }],
    ['PUT clientes razaoSocial null', 'PUT', () => `/api/clientes/${ids.cliente}`, Cliente, { razaoSocial: null }],
    ['PUT clientes email null', 'PUT', () => `/api/clientes/${ids.cliente}`, Cliente, { email: null }],
    ['PUT clientes status null', 'PUT', () => `/api/clientes/${ids.cliente}`, Cliente, { status: null }],
    ['PUT clientes cnpj null', 'PUT', () => `/api/clientes/${ids.cliente}`, Cliente, { cnpj: null }],
    ['PUT clientes razaoSocial object', 'PUT', () => `/api/clientes/${ids.cliente}`, Cliente, { razaoSocial: { a: 1 } }],
    ['PUT clientes telefone number', 'PUT', () => `/api/clientes/${ids.cliente}`, Cliente, { telefone: 11999998888 }],
    ['PUT tipos nome null', 'PUT', () => `/api/tipos-cliente/${ids.tipo}`, TipoCliente, { nome: null }],
    ['PUT tipos ativo null', 'PUT', () => `/api/tipos-cliente/${ids.tipo}`, TipoCliente, { ativo: null }],
    ['PUT tipos servicos null', 'PUT', () => `/api/tipos-cliente/${ids.tipo}`, TipoCliente, { servicos: null }],
    ['PUT tipos ativo "false"', 'PUT', () => `/api/tipos-cliente/${ids.tipo}`, TipoCliente, { ativo: 'false' }],
    ['PUT contato lida null', 'PUT', () => `/api/contato/${ids.contato}`, ContatoMensagem, { lida: null }],
    ['PUT contato tratada null', 'PUT', () => `/api/contato/${ids.contato}`, ContatoMensagem, { tratada: null }],
    ['PUT contato lida 1', 'PUT', () => `/api/contato/${ids.contato}`, ContatoMensagem, { lida: 1 }],
  ];

  it.each(cases)('%s → 400 in Portuguese, row unchanged', async (_name, method, url, entity, body) => {
    const id = url().split('/').pop() as string;
    const before = await row(entity, id);
    const r = await api.call(method, url(), { body, as: 'master' });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/[a-zãçéíóú]/i);
    expect(r.body.message).not.toMatch(/should|must|property/i);
    expect(await row(entity, id)).toEqual(before);
  });

  it.each([
    ['POST users isAdmin null', '/api/users', { username: 'dan.n', nomeCompleto: 'Dan', password: 'Equipe!2026', isAdmin: null }, User],
    ['POST users permissions null', '/api/users', { username: 'eva.n', nomeCompleto: 'Eva', password: 'Equipe!2026', permissions: null }, User],
    ['POST tipos ativo null', '/api/tipos-cliente', { nome: 'Novo tipo', ativo: null }, TipoCliente],
    ['POST tipos servicos null', '/api/tipos-cliente', { nome: 'Outro tipo', servicos: null }, TipoCliente],
  ] as [string, string, Record<string, unknown>, EntityTarget<ObjectLiteral>][])('%s → 400, nothing created', async (_name, url, body, entity) => {
    const before = await ds.getRepository(entity).count();
    const r = await api.post(url, body, 'master');
    expect(r.status).toBe(400);
    expect(await ds.getRepository(entity).count()).toBe(before);
  });

  it('a client cannot blank its CNPJ, and a cleared optional field is still null, not a 500', async () => {
    const before = await row(Cliente, ids.cliente);
    expect((await api.put(`/api/clientes/${ids.cliente}`, { cnpj: null }, 'master')).body.message).toMatch(/CNPJ/);
    expect((await row(Cliente, ids.cliente)).cnpj).toBe(before.cnpj);
    const cleared = await api.put(`/api/clientes/${ids.cliente}`, { nomeFantasia: null, telefone: '' }, 'master');
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ nomeFantasia: null, telefone: null, cnpj: expect.any(String) });
  });

  it('a prototype key in a JSON body is refused like any unknown field', async () => {
    const before = await row(Cliente, ids.cliente);
    const r = await api.call('PUT', `/api/clientes/${ids.cliente}`, { body: '{"__proto__":{"status":"inativo"},"constructor":{"x":1}}', as: 'master' });
    expect(r.status).toBe(400);
    expect(await row(Cliente, ids.cliente)).toEqual(before);
    expect(({} as Record<string, unknown>).status).toBeUndefined();
  });
});
