import { databaseKinds } from '../support/db';
import { TestApi } from '../support/api';
import { listRoutes } from '../support/routes';
import { MATRIX, Who } from './access-matrix';

const WHO: Who[] = ['anonymous', 'cliente', 'associado', 'diretoria', 'master'];

describe.each(databaseKinds())('authorisation on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await TestApi.start(kind);
    await api.withStaff();
    await api.withCliente('cliente');
  });
  afterAll(() => api.stop());

  it('every route declares who may call it (@Public or @Allow)', () => {
    const routes = listRoutes(api.app);
    expect(routes.length).toBeGreaterThan(5);
    const undeclared = routes.filter((r) => r.access === null).map((r) => `${r.method} ${r.path} (${r.handler})`);
    expect(undeclared).toEqual([]);
  });

  it('every route is in the authorisation matrix, and the matrix names no route that does not exist', () => {
    const actual = listRoutes(api.app).map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, ':$1')}`).sort();
    const listed = MATRIX.map((r) => `${r.method} ${r.path}`).sort();
    expect(actual).toEqual(listed);
  });

  const cells = MATRIX.flatMap((row) => WHO.map((who) => [`${row.method} ${row.path}`, who, row] as const));
  it.each(cells)('%s as %s', async (_name, who, row) => {
    const reply = await api.call(row.method, row.url ?? row.path, { body: row.body, as: who === 'anonymous' ? undefined : who });
    const want = row.expect[who];
    if (want === 'ok') {
      expect([401, 403]).not.toContain(reply.status);
      expect(reply.status).toBeLessThan(500);
    } else {
      expect(reply.status).toBe(want);
      // An unauthorised caller learns nothing but the refusal.
      expect(Object.keys(reply.body).sort()).toEqual(['error', 'message', 'statusCode']);
    }
  });
});
