import { randomBytes } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PasswordResetToken } from '../../backend/src/password-reset/entities/password-reset-token.entity';
import { hashResetToken } from '../../backend/src/password-reset/password-reset.service';
import { clienteFixture, MASTER_PASSWORD, TestApi } from '../support/api';
import { databaseKinds } from '../support/db';
import { dropRedisPrefix, TEST_REDIS_URL, testRedisPrefix } from '../support/redis';

/**
 * Issue 54, the sign-in and session half: one sign-in that decides by the e-mail, limits that lock an
 * account and not an office, and a "Sair" that ends the session on the server.
 */
describe.each(databaseKinds())('one sign-in and sessions that end on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    // The default ceiling per IP (failures only); a delay long enough that the lock outlasts the test.
    api = await TestApi.start(kind, { LOGIN_DELAY_BASE_SECONDS: '600' });
  });
  afterAll(() => api.stop());

  /** A reset link for `email`'s account, as the mail would carry it (the stored row is the link's hash). */
  async function resetLink(accountType: 'user' | 'cliente', accountId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const repo = api.app.get(DataSource).getRepository(PasswordResetToken);
    await repo.save(repo.create({ tokenHash: hashResetToken(token), accountType, accountId, expiresAt: new Date(Date.now() + 3_600_000), usedAt: null }));
    return token;
  }

  it('POST /api/auth/login decides by the e-mail: staff get { role: "user", user }, clients { role: "cliente", data }', async () => {
    const staff = await api.post('/api/auth/login', { email: 'master@veritas.com.br', password: MASTER_PASSWORD });
    expect([staff.status, staff.body.role, staff.body.user.email]).toEqual([200, 'user', 'master@veritas.com.br']);
    const body = clienteFixture();
    const cliente = await api.withCliente('c-one', body);
    const client = await api.post('/api/auth/login', { email: body.email, password: body.password });
    expect([client.status, client.body.role, client.body.data._id]).toEqual([200, 'cliente', cliente._id]);
    expect((await api.call('GET', '/api/clientes/me', { token: client.body.token })).status).toBe(200);
    // The old per-role routes still answer.
    expect((await api.post('/api/clientes/login', { email: body.email, password: body.password })).status).toBe(200);
    const wrong = await api.post('/api/auth/login', { email: body.email, password: 'Errada!123' });
    expect(wrong.body).toEqual({ statusCode: 401, message: 'Email ou senha inválidos.', error: 'Unauthorized' });
  });

  it('200 correct sign-ins from one IP all succeed while 10 wrong guesses lock that account only; its owner opens it with the reset link', async () => {
    const victim = clienteFixture();
    const victimRow = await api.withCliente('victim', victim);
    const office = await Promise.all(Array.from({ length: 5 }, async (_, i) => {
      const body = clienteFixture();
      await api.withCliente(`office${i}`, body);
      return body;
    }));
    const guesses: number[] = [];
    for (let i = 0; i < 10; i++) guesses.push((await api.post('/api/auth/login', { email: victim.email, password: `Errada!${i}23` })).status);
    expect(guesses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(guesses).toContain(429);
    // The account is locked: even its right password waits.
    const locked = await api.post('/api/auth/login', { email: victim.email, password: victim.password });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/^Muitas tentativas de login\. Aguarde/);

    // 200 sign-ins of the office (staff and five clients) from the same address, ten at a time.
    const statuses: number[] = [];
    for (let round = 0; round < 20; round++) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, (_, i) => {
          const n = round * 10 + i;
          const who = n % 6 === 5 ? { email: 'master@veritas.com.br', password: MASTER_PASSWORD } : office[n % 6];
          return api.post('/api/auth/login', { email: who.email, password: who.password });
        }),
      );
      statuses.push(...batch.map((r) => r.status));
    }
    expect(statuses).toHaveLength(200);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect((await api.post('/api/auth/login', { email: victim.email, password: victim.password })).status).toBe(429);

    // The owner's reset link opens the account at once.
    const token = await resetLink('cliente', victimRow._id);
    expect((await api.post('/api/auth/reset-password', { token, password: 'NovaSenha!2026' })).status).toBeLessThan(300);
    const opened = await api.post('/api/auth/login', { email: victim.email, password: 'NovaSenha!2026' });
    expect([opened.status, opened.body.role]).toEqual([200, 'cliente']);
  });

  it('after Sair the old token answers 401, other sessions of the same person go on, and a restart does not bring it back', async () => {
    const first = await api.post('/api/auth/login', { email: 'master@veritas.com.br', password: MASTER_PASSWORD });
    const second = await api.post('/api/auth/login', { email: 'master@veritas.com.br', password: MASTER_PASSWORD });
    expect((await api.call('GET', '/api/auth/me', { token: first.body.token })).status).toBe(200);
    const out = await api.call('POST', '/api/auth/logout', { token: first.body.token });
    expect(out.status).toBe(204);
    const after = await api.call('GET', '/api/auth/me', { token: first.body.token });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Sessão inválida ou expirada. Faça login novamente.');
    expect((await api.call('POST', '/api/auth/logout', { token: first.body.token })).status).toBe(401);
    expect((await api.call('GET', '/api/auth/me', { token: second.body.token })).status).toBe(200);

    // The same data, a new process: the ended session stays ended.
    const again = await TestApi.beside(api);
    try {
      expect((await again.call('GET', '/api/auth/me', { token: first.body.token })).status).toBe(401);
      expect((await again.call('GET', '/api/auth/me', { token: second.body.token })).status).toBe(200);
    } finally {
      await again.stop();
    }
  });

  it('a client’s Sair and "Sair de todos os dispositivos" end its sessions', async () => {
    const body = clienteFixture();
    await api.withCliente('c-all', body);
    const tokens = await Promise.all([0, 1, 2].map(async () => (await api.post('/api/auth/login', { email: body.email, password: body.password })).body.token as string));
    expect((await api.call('POST', '/api/auth/logout', { token: tokens[0] })).status).toBe(204);
    expect((await api.call('GET', '/api/clientes/me', { token: tokens[0] })).status).toBe(401);
    expect((await api.call('GET', '/api/clientes/me', { token: tokens[1] })).status).toBe(200);
    expect((await api.call('POST', '/api/auth/logout-todos', { token: tokens[1] })).status).toBe(204);
    for (const token of tokens) expect((await api.call('GET', '/api/clientes/me', { token })).status).toBe(401);
    const fresh = await api.post('/api/auth/login', { email: body.email, password: body.password });
    expect((await api.call('GET', '/api/clientes/me', { token: fresh.body.token })).status).toBe(200);
  });

  it('a password change ends the staff member’s sessions and agenda feed (404); a permission change does too', async () => {
    await api.loginStaff('master', 'master@veritas.com.br', MASTER_PASSWORD);
    const created = await api.post('/api/users', { username: 'sess.ana', nomeCompleto: 'Ana Sessões', password: 'Equipe!2026', isAdmin: false, permissions: ['Associados'] }, 'master');
    expect(created.status).toBe(201);
    const id = created.body.data._id;
    await api.loginStaff('ana', created.body.data.email, 'Equipe!2026');
    const url = (await api.post('/api/agenda/feed/renovar', {}, 'ana')).body.data.url as string;
    const feedPath = new URL(url).pathname;
    expect((await api.get(feedPath)).status).toBe(200);

    expect((await api.put(`/api/users/${id}`, { password: 'Trocada!2026' }, 'master')).status).toBe(200);
    expect((await api.get('/api/auth/me', 'ana')).status).toBe(401);
    const gone = await api.get(feedPath);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Endereço de agenda não encontrado. Gere um novo endereço no painel.');

    await api.loginStaff('ana', created.body.data.email, 'Trocada!2026');
    const url2 = (await api.post('/api/agenda/feed/renovar', {}, 'ana')).body.data.url as string;
    expect((await api.get(new URL(url2).pathname)).status).toBe(200);
    // A name change alone ends nothing; a permission change ends the sessions and the feed.
    expect((await api.put(`/api/users/${id}`, { nomeCompleto: 'Ana S. Sessões' }, 'master')).status).toBe(200);
    expect((await api.get('/api/auth/me', 'ana')).status).toBe(200);
    expect((await api.put(`/api/users/${id}`, { permissions: ['Associados', 'Financeiro'] }, 'master')).status).toBe(200);
    expect((await api.get('/api/auth/me', 'ana')).status).toBe(401);
    expect((await api.get(new URL(url2).pathname)).status).toBe(404);
  });
});

describe('TRUST_PROXY', () => {
  it('off, the first request carrying X-Forwarded-For logs one warning naming TRUST_PROXY; on, none', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const warnings = () => warn.mock.calls.filter(([message]) => String(message).includes('TRUST_PROXY')).length;
    const off = await TestApi.start('sqlite');
    const on = await TestApi.beside(off, { TRUST_PROXY: 'true' });
    try {
      await off.get('/api/health');
      expect(warnings()).toBe(0);
      for (const address of ['203.0.113.7', '203.0.113.8']) {
        expect((await off.call('GET', '/api/health', { headers: { 'x-forwarded-for': address } })).status).toBe(200);
      }
      expect(warnings()).toBe(1);
      await on.call('GET', '/api/health', { headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(warnings()).toBe(1);
    } finally {
      warn.mockRestore();
      await on.stop();
      await off.stop();
    }
  });
});

describe.each(databaseKinds())('Sair on two instances sharing Redis (%s)', (kind) => {
  const prefix = testRedisPrefix();
  let one: TestApi;
  let two: TestApi;
  beforeAll(async () => {
    const env = { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix };
    one = await TestApi.start(kind, env);
    two = await TestApi.beside(one, env);
  });
  afterAll(async () => {
    await two?.stop();
    await one?.stop();
    await dropRedisPrefix(prefix);
  });

  it('the token ended on one instance answers 401 on the other', async () => {
    const signed = await one.post('/api/auth/login', { email: 'master@veritas.com.br', password: MASTER_PASSWORD });
    const token = signed.body.token as string;
    expect((await two.call('GET', '/api/auth/me', { token })).status).toBe(200);
    expect((await one.call('POST', '/api/auth/logout', { token })).status).toBe(204);
    expect((await two.call('GET', '/api/auth/me', { token })).status).toBe(401);
    expect((await one.call('GET', '/api/auth/me', { token })).status).toBe(401);
  });
});
