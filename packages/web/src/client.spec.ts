import { ApiError } from './errors';
import { FakeXhr, failure, useFakeXhr } from './testing';
import { createApiClient, listQuery, pageRange } from './client';

useFakeXhr();


/** A fake fetch: records the calls and answers from a queue. */
function fakeFetch(answers: Array<{ status: number; body?: unknown; raw?: string; headers?: Record<string, string> } | Error>) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fn = async (url: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(url), init });
    const next = answers.shift();
    if (!next) throw new Error('no answer queued');
    if (next instanceof Error) throw next;
    const text = next.raw ?? (next.body === undefined ? '' : JSON.stringify(next.body));
    return new Response(next.status === 204 ? null : text, { status: next.status, headers: { 'Content-Type': 'application/json', ...next.headers } });
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

describe('the whole answer and the records of the panel', () => {
  it('gives status, headers and body to an adapter that reads headers', async () => {
    const f = fakeFetch([{ status: 200, body: { data: [], total: 0 }, headers: { 'Content-Range': 'clientes 0-24/*' } }]);
    const answer = await createApiClient({ storage: memoryStore(), fetch: f.fn }).exchange('/api/clientes', { headers: { Range: 'clientes=0-24' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-range')).toBe('clientes 0-24/*');
    expect(answer.body).toEqual({ data: [], total: 0 });
    expect(headersOf(f.calls[0].init).Range).toBe('clientes=0-24');
  });

  it("with recordIds, gives every received record react-admin's id and sends neither key back", async () => {
    const f = fakeFetch([
      { status: 200, body: { data: [{ _id: 'a' }, { _id: 'b', id: 'own' }, 3], total: 3 } },
      { status: 200, body: { data: { _id: 'c', nome: 'Acme' }, message: 'Salvo.' } },
    ]);
    const client = createApiClient({ storage: memoryStore(), fetch: f.fn, recordIds: true });
    await expect(client.list('/api/clientes')).resolves.toEqual({ data: [{ _id: 'a', id: 'a' }, { _id: 'b', id: 'own' }, 3], total: 3 });
    await expect(client.request('/api/clientes/c', { method: 'PUT', body: { id: 'c', _id: 'c', nome: 'Acme' } })).resolves.toEqual({
      data: { _id: 'c', id: 'c', nome: 'Acme' },
      message: 'Salvo.',
    });
    expect(JSON.parse(String(f.calls[1].init.body))).toEqual({ nome: 'Acme' });
  });

  it('leaves records as they came without recordIds (the portal and the site)', async () => {
    const f = fakeFetch([{ status: 200, body: { data: { _id: 'c' } } }]);
    await expect(createApiClient({ storage: memoryStore(), fetch: f.fn }).get('/api/clientes/me')).resolves.toEqual({ _id: 'c' });
  });
});

describe('uploads and downloads through the client', () => {
  it('sends a form with the token and progress, and answers data with its ids', async () => {
    const progress: number[] = [];
    const client = createApiClient({ storage: memoryStore({ token: 'tk' }), fetch: fakeFetch([]).fn, recordIds: true });
    const done = client.upload('/api/financas/extratos', new FormData(), { onProgress: (p) => progress.push(p) });
    expect(FakeXhr.last.headers.Authorization).toBe('Bearer tk');
    FakeXhr.last.answer(201, { data: { _id: 'x1', conta: '123' } });
    await expect(done).resolves.toEqual({ _id: 'x1', id: 'x1', conta: '123' });
    expect(progress).toEqual([1]);
  });

  it('sends an object as JSON (PUT when told), and a 401 ends the session as a fetch would', async () => {
    const seen: number[] = [];
    const client = createApiClient({ storage: memoryStore({ token: 'tk' }), fetch: fakeFetch([]).fn, onUnauthorized: (e) => seen.push(e.status), recordIds: true });
    const done = client.upload('/api/emails/drafts/d1', { _id: 'd1', subject: 'Oi' }, { method: 'PUT' });
    expect(FakeXhr.last.method).toBe('PUT');
    expect(FakeXhr.last.sent).toBe('{"subject":"Oi"}');
    FakeXhr.last.answer(401, { statusCode: 401, message: 'Sessão expirada.' });
    await expect(done).rejects.toMatchObject({ status: 401, message: 'Sessão expirada.' });
    expect(seen).toEqual([401]);
  });

  it('downloads a file with the token', async () => {
    const client = createApiClient({ storage: memoryStore({ token: 'tk' }), fetch: fakeFetch([]).fn });
    const done = client.download('/api/relatorios/x?formato=csv');
    expect(FakeXhr.last.headers.Authorization).toBe('Bearer tk');
    FakeXhr.last.answer(200, 'a;b');
    await expect((await done).text()).resolves.toBe('a;b');
  });
});

describe('listQuery', () => {
  it('leaves out what is not given', () => {
    expect(listQuery()).toBe('');
    expect(listQuery({ filter: {} })).toBe('');
    expect(listQuery({ range: { from: 0, to: 9 } })).toBe(`?range=${encodeURIComponent('[0,9]')}`);
  });
});
