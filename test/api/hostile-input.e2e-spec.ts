import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';

/** Names that reach Object.prototype when used as a key of a plain object, and a name nobody declared. */
const HOSTILE_KEYS = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', 'campoQueNaoExiste'];

const q = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;

describe.each(databaseKinds())('hostile input on %s', (kind) => {
  let api: TestApi;
  /** Every route with the list contract (a `sort` parameter in Swagger), with who calls it. */
  let listRoutes: { path: string; as: string }[];

  beforeAll(async () => {
    api = await TestApi.start(kind);
    await api.withStaff();
    await api.withCliente('cliente');
    const doc = (await api.get('/api/docs-json')).body;
    listRoutes = Object.entries(doc.paths as Record<string, Record<string, { parameters?: { name: string }[] }>>)
      .filter(([, ops]) => ops.get?.parameters?.some((p) => p.name === 'sort'))
      .map(([path]) => ({ path: path.replace('{folder}', 'inbox'), as: /\/me(\/|$)/.test(path) ? 'cliente' : 'master' }));
  });
  afterAll(() => api.stop());

  it('finds the list routes of the client and of the staff', () => {
    const paths = listRoutes.map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(['/api/registros/me', '/api/documentos/me', '/api/registros', '/api/clientes', '/api/users', '/api/emails/inbox']));
  });

  it('refuses prototype and unknown keys in sort, filter and range on every list route with a pt-BR 400', async () => {
    for (const route of listRoutes) {
      for (const as of route.as === 'master' ? ['master', 'associado'] : ['cliente']) {
        // The associado is tried where its role lets it list at all.
        if ((await api.get(route.path, as)).status !== 200) continue;
        for (const key of HOSTILE_KEYS) {
          const attempts = [
            q({ sort: JSON.stringify([key, 'ASC']) }),
            q({ sort: JSON.stringify([key, 'DESC']), range: '[0,9]' }),
            `?filter=${encodeURIComponent(`{"${key}":{"x":1}}`)}`,
            `?filter=${encodeURIComponent(`{"q":"a","${key}":"ASC"}`)}`,
            `?range=${encodeURIComponent(`{"${key}":1}`)}`,
          ];
          for (const query of attempts) {
            const r = await api.get(route.path + query, as);
            expect({ url: route.path + query, as, status: r.status }).toEqual({ url: route.path + query, as, status: 400 });
            expect(r.body.message).toMatch(/ordenar|Filtro|range|filter/);
          }
        }
      }
    }
    expect(Object.keys(Object.prototype)).toEqual([]);
  });

  it('refuses malformed or repeated sort, range and filter with a pt-BR 400', async () => {
    for (const route of listRoutes) {
      const as = route.as === 'master' ? 'master' : 'cliente';
      for (const query of ['?sort=["createdAt"', '?range=[0,', '?filter={', '?filter=[1]', '?sort=["a","b"]&sort=["c","d"]', '?sort=[{"a":1},"ASC"]']) {
        const r = await api.get(route.path + query, as);
        expect({ url: route.path + query, status: r.status }).toEqual({ url: route.path + query, status: 400 });
        expect(r.body.message).toMatch(/inválido|ordenar/);
      }
    }
  });

  it('refuses a body nested 100,000 levels deep (586 KiB) with a pt-BR 400, anonymously', async () => {
    const body = '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000);
    expect(body.length).toBeGreaterThan(580 * 1024);
    const r = await api.call('POST', '/api/clientes/register', { body, headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ statusCode: 400, message: 'O JSON enviado tem mais de 32 níveis de aninhamento.', error: 'Bad Request' });
    const arrays = await api.call('PUT', '/api/users/00000000-0000-4000-8000-000000000000', { body: '['.repeat(5000) + ']'.repeat(5000), as: 'master' });
    expect(arrays.status).toBe(400);
  });

  it('refuses prototype keys anywhere in a JSON body', async () => {
    for (const body of ['{"__proto__":{"isAdmin":true}}', '{"email":"a@b.com","password":"x","constructor":{"prototype":{"x":1}}}']) {
      const r = await api.call('POST', '/api/auth/login', { body });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('O corpo da requisição contém um campo não permitido.');
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('still serves every identity and says it is healthy after the attack', async () => {
    expect((await api.get('/api/registros/me', 'cliente')).status).toBe(200);
    expect((await api.get('/api/clientes?sort=["razaoSocial","ASC"]&filter={"q":"Empresa"}', 'master')).status).toBe(200);
    expect((await api.get('/api/registros?filter={"aberto":true}', 'associado')).status).toBe(200);
    expect((await api.get('/api/users', 'diretoria')).status).toBe(200);
    const health = await api.get('/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok', database: 'ok' });
  });

  it('health answers 503 while a built-in prototype carries an extra property', async () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto['c.createdAt'] = 'ASC';
    try {
      const r = await api.get('/api/health');
      expect(r.status).toBe(503);
      expect(r.body.message).toBe('Serviço em estado inconsistente; ele precisa ser reiniciado.');
    } finally {
      delete proto['c.createdAt'];
    }
    expect((await api.get('/api/health')).status).toBe(200);
  });
});
