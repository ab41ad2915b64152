import { DataSource } from 'typeorm';
import { clienteFixture, TestApi } from '../support/api';
import { databaseKinds } from '../support/db';

/**
 * Issue 55: C0 control characters (NUL, CR, LF, TAB, ESC…) and DEL are refused with a 400 in
 * one-line fields and normalised in multi-line ones (CRLF → LF; TAB and LF kept; the rest dropped),
 * by one decorator (`@PlainText()` in platform/http/validators.ts) on every text field of the DTOs.
 */
describe.each(databaseKinds())('control characters in text fields on %s', (kind) => {
  let api: TestApi;
  let db: DataSource;
  let cliente: any;
  beforeAll(async () => {
    api = await TestApi.start(kind);
    await api.withStaff();
    db = api.app.get(DataSource);
    cliente = (await api.post('/api/clientes', clienteFixture(), 'master')).body.data;
  }, 120_000);
  afterAll(() => api.stop());

  const refusal = (campo: string) => `O campo ${campo} não pode conter caracteres de controle (quebra de linha, tabulação, NUL).`;
  const count = async (table: string) => Number((await db.query(`SELECT COUNT(*) AS n FROM ${table}`))[0].n);

  it.each([
    ['NUL', 'Empresa\u0000 Ltda'],
    ['CR LF', 'Empresa\r\nX-Injetado: 1'],
    ['LF', 'Empresa\nLtda'],
    ['TAB', 'Empresa\tLtda'],
    ['ESC', 'Empresa\u001b[31m Ltda'],
    ['DEL', 'Empresa\u007f Ltda'],
  ])('a one-line field with %s is refused with a 400 and nothing is stored', async (_name, razaoSocial) => {
    const before = await count('clientes');
    const r = await api.post('/api/clientes', { ...clienteFixture(), razaoSocial }, 'master');
    expect([r.status, r.body.errors?.razaoSocial]).toEqual([400, refusal('razaoSocial')]);
    expect(await count('clientes')).toBe(before);
  });

  it.each([
    ['PUT /api/clientes/:id', () => api.put(`/api/clientes/${cliente._id}`, { nomeFantasia: 'Nova\nFantasia' }, 'master'), 'nomeFantasia'],
    ['POST /api/users', () => api.post('/api/users', { username: 'pessoa.x', nomeCompleto: 'Pessoa\r\nX', password: 'Equipe!2026', isAdmin: false, permissions: ['Associados'] }, 'master'), 'nomeCompleto'],
    ['POST /api/agenda', () => api.post('/api/agenda/eventos', { tipo: 'reuniao', titulo: 'Reunião\r\nX', inicio: '2027-03-01T10:00:00-03:00', fim: '2027-03-01T11:00:00-03:00' }, 'master'), 'titulo'],
    ['POST /api/tipos-cliente', () => api.post('/api/tipos-cliente', { nome: 'Tipo\u0000' }, 'master'), 'nome'],
    ['POST /api/cobrancas (linha)', () => api.post('/api/cobrancas', { clienteId: cliente._id, linhas: [{ descricao: 'Taxa\r\nX', tipo: 'taxa', valor: 10 }] }, 'master'), 'descricao'],
  ])('%s refuses a control character in a one-line field', async (_route, call, campo) => {
    const r = await call();
    expect([r.status, r.body.message]).toEqual([400, expect.stringContaining(refusal(campo))]);
  });

  it('a multi-line field keeps its lines as LF and its TABs, and drops the other controls', async () => {
    const r = await api.post('/api/registros', { clienteId: cliente._id, servico: 'abertura-empresas', descricao: 'Linha 1\r\nLinha\u00002\rLinha\t3\u001b\u007f' }, 'master');
    expect(r.status).toBe(201);
    expect(r.body.data.descricao).toBe('Linha 1\nLinha2\nLinha\t3');
    const [row] = await db.query('SELECT descricao FROM registros WHERE id = ?', [r.body.data._id]);
    expect(row.descricao).toBe('Linha 1\nLinha2\nLinha\t3');
  });
});
