import simpleRestProvider from 'ra-data-simple-rest';
import { ApiError, createApiClient } from '@veritas/web';
import { simpleRestClient } from './httpClient';

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

/** react-admin's simple-rest over the panel's client, on a fake fetch that records the calls. */
function panelCrud(answers: Answer[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(url), init });
    const next = answers.shift()!;
    return new Response(next.body === undefined ? null : JSON.stringify(next.body), {
      status: next.status,
      headers: { 'Content-Type': 'application/json', ...next.headers },
    });
  }) as typeof globalThis.fetch;
  const storage = { getItem: (k: string) => (k === 'token' ? 'tk' : null), setItem: () => {}, removeItem: () => {} };
  const client = createApiClient({ storage, fetch, recordIds: true });
  return { crud: simpleRestProvider('/api', simpleRestClient(client)), calls };
}

describe("the panel's CRUD through the shared client", () => {
  it('lists with the token, the total of Content-Range and react-admin ids', async () => {
    const { crud, calls } = panelCrud([
      { status: 200, body: { data: [{ _id: 'c1', razaoSocial: 'Acme' }], total: 41 }, headers: { 'Content-Range': 'clientes 0-24/41' } },
    ]);
    const result = await crud.getList('clientes', { pagination: { page: 1, perPage: 25 }, sort: { field: 'razaoSocial', order: 'ASC' }, filter: {} });
    expect(result).toEqual({ data: [{ _id: 'c1', id: 'c1', razaoSocial: 'Acme' }], total: 41 });
    expect((calls[0].init.headers as Record<string, string>).Authorization).toBe('Bearer tk');
    expect(decodeURIComponent(calls[0].url)).toContain('range=[0,24]');
  });

  it("deletes without simple-rest's text/plain Content-Type (Fastify answers 415 to a type it cannot parse)", async () => {
    const { crud, calls } = panelCrud([{ status: 200, body: { data: { _id: 'c1' }, message: 'Cliente excluído com sucesso!' } }]);
    await crud.delete('clientes', { id: 'c1', previousData: { id: 'c1' } });
    expect(calls[0].init.method).toBe('DELETE');
    const headers = Object.fromEntries(Object.entries(calls[0].init.headers as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
    expect(headers['content-type']).toBeUndefined();
    expect(calls[0].init.body).toBeUndefined();
  });

  it('saves without the ids and answers the record with its id', async () => {
    const { crud, calls } = panelCrud([{ status: 200, body: { data: { _id: 't1', nome: 'Novo' }, message: 'Tipo de cliente atualizado com sucesso!' } }]);
    const saved = await crud.update('tipos-cliente', { id: 't1', data: { id: 't1', _id: 't1', nome: 'Novo' }, previousData: { id: 't1' } });
    expect(saved.data).toEqual({ _id: 't1', id: 't1', nome: 'Novo' });
    expect(calls[0].init.method).toBe('PUT');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ nome: 'Novo' });
  });

  it("refuses with an ApiError whose body names the fields, as react-admin's forms read it", async () => {
    const refusal = { statusCode: 400, message: 'Nome é obrigatório; CNPJ inválido.', error: 'Bad Request', errors: { nome: 'Nome é obrigatório', cnpj: 'CNPJ inválido.' } };
    const { crud } = panelCrud([{ status: 400, body: refusal }]);
    const error = await crud.create('clientes', { data: { nome: '' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Nome é obrigatório. CNPJ inválido.', body: { errors: refusal.errors } });
  });
});
