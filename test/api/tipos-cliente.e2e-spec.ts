import { DataSource } from 'typeorm';
import { clienteFixture, TestApi } from '../support/api';
import { databaseKinds } from '../support/db';

const NO_ID = '00000000-0000-4000-8000-000000000000';
const list = (filter: Record<string, unknown>, extra = '') => `/api/tipos-cliente?filter=${encodeURIComponent(JSON.stringify(filter))}${extra}`;

describe.each(databaseKinds())('client types on %s', (kind) => {
  let api: TestApi;
  let db: DataSource;
  beforeAll(async () => {
    api = await TestApi.start(kind);
    await api.withStaff();
    db = api.app.get(DataSource);
  });
  afterAll(() => api.stop());

  const countTipos = async () => Number((await db.query('SELECT COUNT(*) AS n FROM tipos_cliente'))[0].n);

  it('creates a type (ativo by default, name trimmed) with its services in order, exact to the cent, with a message', async () => {
    const servicos = [
      { nome: ' Abertura de empresa ', valor: 1500.5 },
      { nome: 'Certidão simples', valor: 19.99 },
      { nome: 'Consulta', valor: 0.1 },
      { nome: 'Grátis', valor: 0 },
      { nome: 'Teto', valor: 9999999999.99 },
      { nome: 'Texto', valor: '150,75' },
      { nome: 'Sem valor' },
    ];
    const r = await api.post('/api/tipos-cliente', { nome: '  Empresa Simples  ', servicos }, 'diretoria');
    expect(r.status).toBe(201);
    expect(r.body.message).toBe('Tipo de cliente cadastrado com sucesso!');
    expect(r.body.data).toMatchObject({ nome: 'Empresa Simples', ativo: true });
    expect(r.body.data.servicos).toEqual([
      { nome: 'Abertura de empresa', valor: 1500.5 },
      { nome: 'Certidão simples', valor: 19.99 },
      { nome: 'Consulta', valor: 0.1 },
      { nome: 'Grátis', valor: 0 },
      { nome: 'Teto', valor: 9999999999.99 },
      { nome: 'Texto', valor: 150.75 },
      { nome: 'Sem valor', valor: 0 },
    ]);
    expect(Date.parse(r.body.data.createdAt)).not.toBeNaN();
    // Stored as DECIMAL(12,2): the database itself gives back the exact cents.
    const cents = await db.query(
      `SELECT CAST(ROUND(valor * 100) AS ${kind === 'mysql' ? 'SIGNED' : 'INTEGER'}) AS c FROM tipos_cliente_servicos WHERE tipoClienteId = ? ORDER BY ordem`,
      [r.body.data._id],
    );
    expect(cents.map((x: { c: number | string }) => String(x.c))).toEqual(['150050', '1999', '10', '0', '999999999999', '15075', '0']);
    const again = await api.get(`/api/tipos-cliente/${r.body.data._id}`, 'diretoria');
    expect(again.body.data).toEqual(r.body.data);
  });

  it('enforces the form rules of §5 with their messages, saving nothing', async () => {
    const cases: [unknown, string][] = [
      [{ servicos: [] }, 'Por favor, preencha o nome do tipo de cliente.'],
      [{ nome: '   ' }, 'Por favor, preencha o nome do tipo de cliente.'],
      [{ nome: 'X', servicos: [{ nome: 'Ok', valor: 1 }, { nome: '  ', valor: 1 }, { valor: 2 }] }, 'Por favor, preencha o nome de todos os serviços.'],
      [{ nome: 'X', servicos: [{ nome: 'Ok', valor: -0.01 }] }, 'O valor do serviço não pode ser negativo.'],
      [{ nome: 'X', servicos: [{ nome: 'Ok', valor: 'abc' }] }, 'O valor do serviço deve ser um número.'],
      [{ nome: 'X', servicos: [{ nome: 'Ok', valor: 1.005 }] }, 'O valor do serviço deve ter no máximo duas casas decimais.'],
      [{ nome: 'X', servicos: [{ nome: 'Ok', valor: 1e10 }] }, 'O valor do serviço deve ser menor que R$ 10.000.000.000,00.'],
      [{ nome: 'X', servicos: [{ nome: 'Ok', valor: 1, preco: 2 }] }, 'O campo servicos.preco não é permitido.'],
      [{ nome: 'X', servicos: 'Abertura' }, 'servicos deve ser uma lista.'],
      [{ nome: 'X', ativo: 'sim' }, 'ativo deve ser verdadeiro ou falso.'],
      [{ nome: 'X', extra: 1 }, 'O campo extra não é permitido.'],
    ];
    const before = await countTipos();
    for (const [body, message] of cases) {
      const r = await api.post('/api/tipos-cliente', body, 'master');
      expect({ message, status: r.status, got: r.body.message }).toEqual({ message, status: 400, got: message });
    }
    expect(await countTipos()).toBe(before);
  });

  it('one type per name, whatever the case and accents (409)', async () => {
    expect((await api.post('/api/tipos-cliente', { nome: 'Associação' }, 'master')).status).toBe(201);
    const dup = await api.post('/api/tipos-cliente', { nome: 'ASSOCIACAO' }, 'master');
    expect([dup.status, dup.body.message]).toEqual([409, 'Já existe um tipo de cliente com este nome.']);
  });

  it('edits: fields left out keep their value, servicos replaces the list, the record can be sent back as received', async () => {
    const t = (await api.post('/api/tipos-cliente', { nome: 'Edição', servicos: [{ nome: 'A', valor: 1 }, { nome: 'B', valor: 2 }] }, 'master')).body.data;
    // Prices are the board's (issue 9): an associado only reads them.
    expect((await api.put(`/api/tipos-cliente/${t._id}`, { nome: 'Edição Nova' }, 'associado')).status).toBe(403);
    const onlyName = await api.put(`/api/tipos-cliente/${t._id}`, { nome: 'Edição Nova' }, 'diretoria');
    expect(onlyName.status).toBe(200);
    expect(onlyName.body.message).toBe('Tipo de cliente atualizado com sucesso!');
    expect(onlyName.body.data).toMatchObject({ nome: 'Edição Nova', ativo: true, servicos: [{ nome: 'A', valor: 1 }, { nome: 'B', valor: 2 }] });
    const replaced = await api.put(`/api/tipos-cliente/${t._id}`, { ...onlyName.body.data, servicos: [{ nome: 'C', valor: 3.3 }, { nome: 'A', valor: 10 }] }, 'master');
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.servicos).toEqual([{ nome: 'C', valor: 3.3 }, { nome: 'A', valor: 10 }]);
    expect(Date.parse(replaced.body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(t.updatedAt));
    const bad = await api.put(`/api/tipos-cliente/${t._id}`, { nome: '', servicos: [] }, 'master');
    expect([bad.status, bad.body.message]).toEqual([400, 'Por favor, preencha o nome do tipo de cliente.']);
    expect((await api.get(`/api/tipos-cliente/${t._id}`, 'master')).body.data.servicos).toHaveLength(2);
    expect((await api.put(`/api/tipos-cliente/${NO_ID}`, { nome: 'Z' }, 'master')).status).toBe(404);
    expect((await api.put(`/api/tipos-cliente/${t._id}`, { nome: 'associacao' }, 'master')).status).toBe(409);
  });

  it('toggles the status with a message, and the tabs and search filter in SQL', async () => {
    const t = (await api.post('/api/tipos-cliente', { nome: 'Cooperativa Agrícola' }, 'master')).body.data;
    expect((await api.put(`/api/tipos-cliente/${t._id}/toggle-status`, undefined, 'associado')).status).toBe(403);
    const off = await api.put(`/api/tipos-cliente/${t._id}/toggle-status`, undefined, 'diretoria');
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ data: { _id: t._id, ativo: false }, message: 'Tipo de cliente inativado com sucesso!' });
    const names = async (filter: Record<string, unknown>) => ((await api.get(list(filter), 'master')).body.data as any[]).map((x) => x.nome);
    expect(await names({ status: 'inativos' })).toEqual(['Cooperativa Agrícola']);
    expect(await names({ status: 'ativos' })).not.toContain('Cooperativa Agrícola');
    expect(await names({ q: 'AGRICOLA' })).toEqual(['Cooperativa Agrícola']);
    expect(await names({ q: 'agrícola', status: 'ativos' })).toEqual([]);
    const on = await api.put(`/api/tipos-cliente/${t._id}/toggle-status`, undefined, 'diretoria');
    expect(on.body).toMatchObject({ data: { ativo: true }, message: 'Tipo de cliente ativado com sucesso!' });
    expect((await api.put(`/api/tipos-cliente/${NO_ID}/toggle-status`, undefined, 'master')).status).toBe(404);
  });

  it('lists sorted by name with services, paged with Content-Range', async () => {
    const r = await api.get('/api/tipos-cliente?range=[0,1]', 'associado');
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(2);
    expect(r.headers.get('content-range')).toBe(`tipos-cliente 0-1/${r.body.total}`);
    const all = (await api.get('/api/tipos-cliente?range=[0,99]', 'associado')).body.data as any[];
    const nomes = all.map((t) => t.nome);
    expect(nomes).toEqual([...nomes].sort((a, b) => a.localeCompare(b, 'pt-BR', { sensitivity: 'base' })));
    expect(all.find((t) => t.nome === 'Empresa Simples').servicos).toHaveLength(7);
  });

  it('deletes: master only; a type in use by clients is refused with how many; then it goes', async () => {
    const t = (await api.post('/api/tipos-cliente', { nome: 'Para excluir', servicos: [{ nome: 'S', valor: 5 }] }, 'master')).body.data;
    const c1 = (await api.post('/api/clientes', { ...clienteFixture(), tipoClienteId: t._id }, 'master')).body.data;
    const c2 = (await api.post('/api/clientes', { ...clienteFixture(), tipoClienteId: t._id }, 'master')).body.data;
    expect((await api.del(`/api/tipos-cliente/${t._id}`, 'diretoria')).status).toBe(403);
    const inUse = await api.del(`/api/tipos-cliente/${t._id}`, 'master');
    expect([inUse.status, inUse.body.message]).toEqual([
      409,
      'Este tipo de cliente está atribuído a 2 clientes. Retire-o desses clientes antes de excluí-lo, ou apenas inative-o.',
    ]);
    await api.put(`/api/clientes/${c1._id}`, { tipoClienteId: null }, 'master');
    expect((await api.del(`/api/tipos-cliente/${t._id}`, 'master')).body.message).toBe(
      'Este tipo de cliente está atribuído a 1 cliente. Retire-o desses clientes antes de excluí-lo, ou apenas inative-o.',
    );
    await api.put(`/api/clientes/${c2._id}`, { tipoClienteId: null }, 'master');
    const gone = await api.del(`/api/tipos-cliente/${t._id}`, 'master');
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ data: { _id: t._id, nome: 'Para excluir' }, message: 'Tipo de cliente excluído com sucesso!' });
    expect((await api.get(`/api/tipos-cliente/${t._id}`, 'master')).status).toBe(404);
    const orphans = await db.query('SELECT COUNT(*) AS n FROM tipos_cliente_servicos WHERE tipoClienteId = ?', [t._id]);
    expect(Number(orphans[0].n)).toBe(0);
    expect((await api.del(`/api/tipos-cliente/${t._id}`, 'master')).status).toBe(404);
  });
});
