import { endServerSession, LOGOUT_EVERYWHERE_PATH, LOGOUT_PATH } from './session-end';

function memoryStore(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

function fakeFetch(answer: number | Error) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fn = async (url: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(url), init });
    if (answer instanceof Error) throw answer;
    return new Response(answer === 204 ? null : JSON.stringify({ statusCode: answer, message: 'x', error: 'x' }), { status: answer });
  };
  return { fn: fn as typeof fetch, calls };
}

describe('endServerSession (issue 54)', () => {
  let errors: jest.SpyInstance;
  beforeEach(() => {
    errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => errors.mockRestore());

  it.each([
    [false, LOGOUT_PATH],
    [true, LOGOUT_EVERYWHERE_PATH],
  ])('everywhere=%s posts the stored token to %s and says the server agreed', async (everywhere, path) => {
    const f = fakeFetch(204);
    await expect(endServerSession(memoryStore({ token: 'tk' }), { everywhere, fetch: f.fn })).resolves.toBe(true);
    expect(f.calls).toHaveLength(1);
    expect(f.calls[0].url).toBe(path);
    expect(f.calls[0].init.method).toBe('POST');
    expect((f.calls[0].init.headers as Record<string, string>).Authorization).toBe('Bearer tk');
  });

  it('asks nothing when no session is stored', async () => {
    const f = fakeFetch(204);
    await expect(endServerSession(memoryStore(), { fetch: f.fn })).resolves.toBe(true);
    expect(f.calls).toHaveLength(0);
  });

  it.each<[string, number | Error]>([
    ['a 401', 401],
    ['a 503', 503],
    ['no answer', new TypeError('offline')],
  ])('%s is false, never a throw', async (_label, answer) => {
    const f = fakeFetch(answer);
    await expect(endServerSession(memoryStore({ token: 'tk' }), { fetch: f.fn })).resolves.toBe(false);
    expect(errors).toHaveBeenCalledWith('Logout error', expect.anything());
  });
});
