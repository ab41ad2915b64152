import { cnpjCheckDigits } from '@veritas/common';
import type { AppConfig } from '../../backend/src/platform/config/config';
import { RateLimiters } from '../../backend/src/platform/limits/rate-limiters';
import { clienteFixture, MASTER_PASSWORD, TestApi } from '../support/api';
import { databaseKinds } from '../support/db';
import { FakeProviders, officeFixture, startFakeProviders } from '../support/fake-providers';
import { countRedisKeys, dropRedisPrefix, TEST_REDIS_URL, testRedisPrefix } from '../support/redis';

describe('the limits\' counters in Redis (rate-limiter-flexible)', () => {
  const prefix = testRedisPrefix();
  const config = { scale: { redisUrl: TEST_REDIS_URL, redisPrefix: prefix } } as AppConfig;
  const one = new RateLimiters(config);
  const two = new RateLimiters(config);
  afterAll(async () => {
    await dropRedisPrefix(prefix);
    await one.onApplicationShutdown();
    await two.onApplicationShutdown();
  });

  it('counts exactly across two connections under simultaneous hits (no lost updates)', async () => {
    const [a, b] = [one, two].map((l) => l.create('corrida', { points: 25, durationMs: 60_000 }));
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).take('k')));
    expect(results.filter((r) => r.allowed)).toHaveLength(25);
    const refused = results.find((r) => !r.allowed)!;
    expect(refused.retryAfterMs).toBeGreaterThan(55_000);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it('gives a hit back, forgets a key, opens a window of its own length, and lets Redis expire it', async () => {
    const [a, b] = [one, two].map((l) => l.create('devolve', { points: 1, durationMs: 60_000 }));
    await a.take('k');
    expect((await b.take('k')).allowed).toBe(false);
    await b.give('k', 2); // the refused hit and the first
    expect((await a.take('k')).allowed).toBe(true);
    await a.forget('k');
    expect(await one.redis!.exists(`${prefix}rl:devolve:k`)).toBe(0);

    expect((await a.take('curta', 1, 1_000)).allowed).toBe(true);
    const ttl = await one.redis!.pttl(`${prefix}rl:devolve:curta`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(1_000);
    expect(await b.peek('curta')).toMatchObject({ allowed: false, count: 1 });
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await one.redis!.exists(`${prefix}rl:devolve:curta`)).toBe(0);
    expect(await b.peek('curta')).toBeNull();
    expect((await b.take('curta')).allowed).toBe(true);
  });
});

describe.each(databaseKinds())('two app instances sharing one Redis (%s)', (kind) => {
  const prefix = testRedisPrefix();
  let one: TestApi;
  let two: TestApi;
  beforeAll(async () => {
    const env = {
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      LOGIN_MAX_FAILURES_PER_EMAIL: '3',
      LOGIN_MAX_FAILURES_PER_IP: '8',
      LOGIN_DELAY_BASE_SECONDS: '600',
      REGISTER_RATE_PER_IP: '3',
      CONTACT_RATE_PER_IP: '2',
      PASSWORD_RESET_RATE_PER_IP: '3',
    };
    one = await TestApi.start(kind, env);
    two = await TestApi.start(kind, env);
  });
  afterAll(async () => {
    await one?.stop();
    await two?.stop();
    await dropRedisPrefix(prefix);
  });
  const alternate = (i: number) => (i % 2 ? two : one);

  it('the login throttle counts an e-mail’s failures across both: the 4th attempt is refused, wherever it lands', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await alternate(i).post('/api/auth/login', { email: 'master@veritas.com.br', password: 'Errada!123' })).status).toBe(401);
    }
    // Each instance saw at most 2 failures; together they are 3, past the free ones.
    for (const api of [one, two]) {
      const r = await api.post('/api/auth/login', { email: 'master@veritas.com.br', password: MASTER_PASSWORD });
      expect(r.status).toBe(429);
      expect(r.body.message).toMatch(/^Muitas tentativas de login\. Aguarde \d+ minutos e tente novamente\.$/);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(250); // LOGIN_MAX_DELAY_SECONDS (300) caps the 600 s
    }
    expect(await countRedisKeys(prefix)).toBeGreaterThan(0);
  });

  it('the per-IP login limit is one count for both instances', async () => {
    // The IP has 3 failures from the test above (one reservation given back per refusal).
    let refusedAt = -1;
    for (let i = 0; i < 8; i++) {
      const r = await alternate(i).post('/api/auth/login', { email: `alvo${i}@exemplo.com`, password: 'Errada!123' });
      if (r.status === 429) {
        refusedAt = i;
        break;
      }
      expect(r.status).toBe(401);
    }
    expect(refusedAt).toBe(5); // 3 + 5 = 8 failures allowed, the 9th refused
  });

  it('the registration limit per IP is shared: 3 registrations in all, the 4th refused on either', async () => {
    for (let i = 0; i < 3; i++) expect((await alternate(i).post('/api/clientes/register', clienteFixture())).status).toBe(201);
    for (const api of [one, two]) {
      const r = await api.post('/api/clientes/register', clienteFixture());
      expect(r.status).toBe(429);
    }
  });

  it('the contact form and the password-reset request limits are shared too', async () => {
    const contato = (i: number) => ({
      nome: `Visitante ${i}`,
      email: `visitante${i}@exemplo.com.br`,
      telefone: '(11) 98888-7777',
      empresa: 'Padaria Pão Quente',
      assunto: 'Abertura de Empresas',
      mensagem: `Gostaria de abrir uma empresa (${i}).`,
      aceiteTermos: true,
      website: '',
    });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await alternate(i).post('/api/contato', contato(i))).status);
    expect(statuses).toEqual([201, 201, 429]);

    const resets = [];
    for (let i = 0; i < 4; i++) resets.push((await alternate(i).post('/api/auth/forgot-password', { email: `x${i}@exemplo.com` })).status);
    expect(resets).toEqual([200, 200, 200, 429]);
  });
});

describe('two app instances sharing one Redis: the lookups', () => {
  const prefix = testRedisPrefix();
  let fake: FakeProviders;
  let one: TestApi;
  let two: TestApi;
  beforeAll(async () => {
    fake = await startFakeProviders();
    const env = {
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      CNPJ_API_URL: fake.url,
      CEP_API_URL: fake.url,
      CNPJ_RATE_PER_MINUTE: '2',
      CNPJ_STAFF_RESERVED_PER_MINUTE: '0',
      CNPJ_QUEUE_SECONDS: '0',
      LOOKUP_RATE_PER_IP: '6',
    };
    one = await TestApi.start('sqlite', env);
    two = await TestApi.start('sqlite', env);
  });
  afterAll(async () => {
    await one?.stop();
    await two?.stop();
    await fake?.stop();
    await dropRedisPrefix(prefix);
  });

  it('both draw on the one CNPJ provider quota: 2 calls a minute in all, the rest a polite 429', async () => {
    const cnpjs = ['10101010', '20202020', '30303030', '40404040'].map((root) => `${root}0001${cnpjCheckDigits(`${root}0001`)}`);
    for (const c of cnpjs) fake.offices.set(c, officeFixture(c));
    const replies = [];
    for (const [i, c] of cnpjs.entries()) replies.push(await (i % 2 ? two : one).get(`/api/lookup/cnpj/${c}`));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 429, 429]);
    expect(replies[3].body.message).toMatch(/^O limite de consultas de CNPJ por minuto foi atingido\./);
    expect(fake.cnpjCalls()).toHaveLength(2);
  });

  it('the per-IP lookup limit is one count for both (6 a minute: 4 above, 2 more, then 429 on either)', async () => {
    fake.ceps.set('01310100', { logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' });
    expect((await one.get('/api/lookup/cep/01310100')).status).toBe(200);
    expect((await two.get('/api/lookup/cep/01310100')).status).toBe(200);
    for (const api of [one, two]) {
      const r = await api.get('/api/lookup/cep/01310100');
      expect(r.status).toBe(429);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });
});
