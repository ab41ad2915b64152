import { databaseKinds } from '../support/db';
import { TestApi } from '../support/api';

/**
 * An associado's list sorted by id (the fuzzer's find on MariaDB): its page merges two ordered parts
 * (assigned to me, unassigned), and copying the id as the sort key k0 made MySQL's derived table repeat
 * its columns (500, "Duplicate column name 'id'"). The list and its CSV export answer, in id order.
 */
describe.each(databaseKinds())('registros sorted by id on %s', (kind) => {
  let api: TestApi;
  let staff: Record<'master' | 'diretoria' | 'associado', any>;

  beforeAll(async () => {
    api = await TestApi.start(kind);
    staff = await api.withStaff();
    const cliente = await api.withCliente('clienteA', { razaoSocial: 'Ordem Comércio Ltda' });
    for (let i = 0; i < 6; i++) {
      const body: Record<string, unknown> = { clienteId: cliente._id, servico: 'certidao-simplificada', descricao: `Pedido ${i}` };
      if (i % 2 === 0) body.responsavelId = staff.associado._id;
      expect((await api.post('/api/registros', body, 'master')).status).toBe(201);
    }
  }, 120_000);
  afterAll(() => api.stop());

  it.each(['DESC', 'ASC'])('pages and exports in id order (%s) for an associado', async (order) => {
    const sort = encodeURIComponent(JSON.stringify(['id', order]));
    const list = await api.get(`/api/registros?sort=${sort}&range=[0,24]`, 'associado');
    expect(list.status).toBe(200);
    const ids: string[] = list.body.data.map((r: any) => r._id);
    expect(ids).toHaveLength(6);
    const sorted = [...ids].sort();
    expect(ids).toEqual(order === 'DESC' ? sorted.reverse() : sorted);
    const csv = await fetch(`${api.baseUrl}/api/registros/exportar?sort=${sort}`, { headers: { authorization: `Bearer ${api.token.associado}` } });
    expect(csv.status).toBe(200);
    expect((await csv.text()).trim().split('\n')).toHaveLength(7);
  });
});
