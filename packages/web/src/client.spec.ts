import { ApiError } from './errors';
import { failure } from './testing';
import { createApiClient, listQuery, pageRange } from './client';


/** A fake fetch: records the calls and answers from a queue. */
function fakeFetch(answers: Array<{ status: number; body?: unknown; raw?: string } | Error>) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fn = async (url: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(url), init });
    const next = answers.shift();
    if (!next) throw new Error('no answer queued');
    if (next instanceof Error) throw next;
    const text = next.raw ?? (next.body === undefined ? '' : JSON.stringify(next.body));
    return new Response(next.status === 204 ? null : text, { status: next.status, headers: { 'Content-Type': 'application/json' } });
  };
  return { fn: fn as typeof fetch, calls };
}

function memoryStore(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const headersOf = (init: RequestInit) => init.headers as Record<string, string>;

describe('createApiClient', () => {
  it('sends the stored bearer token and unwraps { data }', async () => {
    const f = fakeFetch([{ status: 200, body: { data: { _id: '1', nome: 'Acme' } } }]);
    const client = createApiClient({ storage: memoryStore({ token: 'tk' }), fetch: f.fn });
    await expect(client.get('/api/clientes/me')).resolves.toEqual({ _id: '1', nome: 'Acme' });
    expect(headersOf(f.calls[0].init).Authorization).toBe('Bearer tk');
    expect(f.calls[0].init.method).toBe('GET');
  });

  it('sends no Authorization header without a session', async () => {
    const f = fakeFetch([{ status: 200, body: { data: [] } }]);
    await createApiClient({ storage: memoryStore(), fetch: f.fn }).get('/api/x');
    expect(headersOf(f.calls[0].init).Authorization).toBeUndefined();
  });

  it('posts JSON and unwraps the answer; a body without data comes as is', async () => {
    const f = fakeFetch([{ status: 201, body: { data: { _id: '9' } } }, { status: 200, body: { message: 'Enviado.' } }, { status: 204 }]);
    const client = createApiClient({ storage: memoryStore(), fetch: f.fn });
    await expect(client.post('/api/registros', { servico: 'abertura' })).resolves.toEqual({ _id: '9' });
    expect(f.calls[0].init.body).toBe('{"servico":"abertura"}');
    expect(headersOf(f.calls[0].init)['Content-Type']).toBe('application/json');
    await expect(client.post('/api/contato', {})).resolves.toEqual({ message: 'Enviado.' });
    await expect(client.del('/api/documentos/1')).resolves.toBeNull();
    expect(f.calls[2].init.method).toBe('DELETE');
  });

  it('lists with the contract query and the total', async () => {
    const f = fakeFetch([{ status: 200, body: { data: [{ id: 1 }, { id: 2 }], total: 57 } }]);
    const client = createApiClient({ storage: memoryStore(), fetch: f.fn });
    const result = await client.list('/api/registros', { filter: { q: 'ação' }, range: pageRange(2, 10), sort: { field: 'createdAt', order: 'DESC' } });
    expect(result).toEqual({ data: [{ id: 1 }, { id: 2 }], total: 57 });
    const url = new URL(f.calls[0].url, 'http://x');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ q: 'ação' });
    expect(JSON.parse(url.searchParams.get('range')!)).toEqual([20, 29]);
    expect(JSON.parse(url.searchParams.get('sort')!)).toEqual(['createdAt', 'DESC']);
  });

  it("throws an ApiError with the server's pt-BR message", async () => {
    const f = fakeFetch([{ status: 409, body: { statusCode: 409, message: 'CNPJ já cadastrado.' } }]);
    const error = await failure(createApiClient({ storage: memoryStore(), fetch: f.fn }).post('/api/clientes', {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(409);
    expect(error.message).toBe('CNPJ já cadastrado.');
  });

  it("uses the caller's fallback when the answer is not JSON", async () => {
    const f = fakeFetch([{ status: 502, raw: '<html>Bad gateway</html>' }]);
    const error = await failure(createApiClient({ storage: memoryStore(), fetch: f.fn }).get('/api/x', { fallback: 'Erro ao carregar.' }));
    expect(error.status).toBe(502);
    expect(error.message).toBe('Erro ao carregar.');
  });

  it('turns a network failure into ApiError(0) and lets an abort through', async () => {
    const f = fakeFetch([new TypeError('Failed to fetch'), Object.assign(new Error('aborted'), { name: 'AbortError' })]);
    const client = createApiClient({ storage: memoryStore(), fetch: f.fn });
    const lost = await failure(client.get('/api/x'));
    expect(lost).toBeInstanceOf(ApiError);
    expect(lost.status).toBe(0);
    expect(lost.message).toMatch(/conexão/);
    const aborted = await failure(client.get('/api/x'));
    expect(aborted.name).toBe('AbortError');
  });

  it('rejects as an abort when the request is aborted while its body is read, never answering null', async () => {
    const controller = new AbortController();
    const aborted = () => Object.assign(new Error('The operation was aborted.'), { name: 'AbortError' });
    // A fetch whose headers came (200) and whose body is still arriving when the caller aborts:
    // reading it then fails as browsers fail it, with an AbortError.
    const fn = (async (_url: RequestInfo | URL, init: RequestInit = {}) =>
      ({
        ok: true,
        status: 200,
        headers: new Headers({ 'Content-Type': 'application/json' }),
        text: () =>
          init.signal?.aborted
            ? Promise.reject(aborted())
            : new Promise<string>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(aborted()))),
      }) as unknown as Response) as typeof fetch;
    const client = createApiClient({ storage: memoryStore(), fetch: fn });
    const pending = client.request('/api/emails/inbox', { signal: controller.signal });
    await new Promise((r) => setTimeout(r, 0));
    controller.abort();
    const error = await failure(pending);
    expect(error.name).toBe('AbortError');
  });

  it('calls onUnauthorized on a 401 of a call that carried a token, not otherwise', async () => {
    const seen: number[] = [];
    const f = fakeFetch([{ status: 401, body: { message: 'Token inválido.' } }, { status: 401, body: { message: 'Senha errada.' } }]);
    const store = memoryStore({ token: 'old' });
    const client = createApiClient({ storage: store, fetch: f.fn, onUnauthorized: (e) => seen.push(e.status) });
    await expect(client.get('/api/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(seen).toEqual([401]);
    store.removeItem('token');
    await expect(client.post('/api/auth/login', {})).rejects.toMatchObject({ message: 'Senha errada.' });
    expect(seen).toEqual([401]);
  });

  it('guards a call made elsewhere (an upload) with the same 401 handling', async () => {
    const seen: string[] = [];
    const client = createApiClient({ storage: memoryStore({ token: 't' }), fetch: fakeFetch([]).fn, onUnauthorized: (e) => seen.push(e.message) });
    await expect(client.guard(() => Promise.reject(new ApiError(401, 'Expirou.')))).rejects.toThrow('Expirou.');
    await expect(client.guard(() => Promise.reject(new ApiError(413, 'Grande.')))).rejects.toThrow('Grande.');
    expect(seen).toEqual(['Expirou.']);
    expect(client.authHeaders()).toEqual({ Authorization: 'Bearer t' });
  });
});

describe('listQuery', () => {
  it('leaves out what is not given', () => {
    expect(listQuery()).toBe('');
    expect(listQuery({ filter: {} })).toBe('');
    expect(listQuery({ range: { from: 0, to: 9 } })).toBe(`?range=${encodeURIComponent('[0,9]')}`);
  });
});
