import { JwtService } from '@nestjs/jwt';
import { DataSource } from 'typeorm';
import { Cliente } from '../../backend/src/clientes/entities/cliente.entity';
import { clienteFixture, MASTER_PASSWORD, TestApi } from '../support/api';
import { databaseKinds } from '../support/db';

const HASH_LIKE = /\$argon2|passwordHash|"password"/;

describe.each(databaseKinds())('sign-in on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await TestApi.start(kind, { LOGIN_MAX_FAILURES_PER_EMAIL: '4', LOGIN_MAX_FAILURES_PER_IP: '1000', LOGIN_DELAY_BASE_SECONDS: '600' });
  });
  afterAll(() => api.stop());

  describe('staff', () => {
    it('the first master signs in with MASTER_USERNAME@MAIL_DOMAIN and gets { token, user }', async () => {
      const r = await api.post('/api/auth/login', { email: 'Master@Veritas.com.br ', password: MASTER_PASSWORD });
      expect(r.status).toBe(200);
      expect(typeof r.body.token).toBe('string');
      expect(r.body.user).toEqual({
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        username: 'master',
        nomeCompleto: 'Administrador Master',
        email: 'master@veritas.com.br',
        isAdmin: true,
        permissions: ['Master'],
        createdAt: expect.any(String),
      });
      expect(JSON.stringify(r.body)).not.toMatch(HASH_LIKE);
    });

    it('a wrong password and an unknown e-mail get the same 401 answer', async () => {
      const wrong = await api.post('/api/auth/login', { email: 'master@veritas.com.br', password: 'Errada!123' });
      const unknown = await api.post('/api/auth/login', { email: 'ninguem@veritas.com.br', password: 'Errada!123' });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual({ statusCode: 401, message: 'Email ou senha inválidos.', error: 'Unauthorized' });
      expect(unknown.body).toEqual(wrong.body);
    });

    it('empty fields are refused with the form message', async () => {
      const r = await api.post('/api/auth/login', { email: '', password: '' });
      expect(r.status).toBe(400);
      expect(r.body.message).toContain('Por favor, preencha todos os campos.');
    });

    it('GET /api/auth/me answers { data: user } for a valid staff token and 401 otherwise', async () => {
      const user = await api.loginStaff('m', 'master@veritas.com.br', MASTER_PASSWORD);
      const me = await api.get('/api/auth/me', 'm');
      expect(me.status).toBe(200);
      expect(me.body.data).toEqual(user);
      expect((await api.call('GET', '/api/auth/me')).body.message).toBe('Token de autenticação não encontrado');
      expect((await api.call('GET', '/api/auth/me', { token: 'abc.def.ghi' })).status).toBe(401);
    });

    it('an expired token and a token signed with another secret are refused', async () => {
      const user = await api.loginStaff('m', 'master@veritas.com.br', MASTER_PASSWORD);
      const jwt = api.app.get(JwtService);
      const expired = await jwt.signAsync({ sub: user._id, role: 'user' }, { expiresIn: -10 });
      const forged = await jwt.signAsync({ sub: user._id, role: 'user' }, { secret: 'x'.repeat(40) });
      expect((await api.call('GET', '/api/auth/me', { token: expired })).status).toBe(401);
      expect((await api.call('GET', '/api/auth/me', { token: forged })).status).toBe(401);
    });
  });

  describe('clients', () => {
    it('registers with status ativo, masked numbers and no password in the answer', async () => {
      const body = clienteFixture();
      const r = await api.post('/api/clientes/register', { ...body, confirmPassword: undefined });
      expect(r.status).toBe(201);
      expect(r.body.data).toMatchObject({ razaoSocial: body.razaoSocial, email: body.email, status: 'ativo', pais: 'Brasil', cep: '01310-100', telefone: '(11) 3333-4444' });
      expect(r.body.data.cnpj).toMatch(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/);
      expect(JSON.stringify(r.body)).not.toMatch(HASH_LIKE);
    });

    it('accepts the alphanumeric CNPJ format', async () => {
      const r = await api.post('/api/clientes/register', { ...clienteFixture(), cnpj: '12.abc.345/01de-35' });
      expect(r.status).toBe(201);
      expect(r.body.data.cnpj).toBe('12.ABC.345/01DE-35');
    });

    it.each([
      ['razaoSocial', 'O campo Razão Social é obrigatório'],
      ['cnpj', 'O campo CNPJ é obrigatório'],
      ['email', 'O campo E-mail é obrigatório'],
      ['password', 'O campo Senha é obrigatório'],
    ])('refuses a registration without %s: "%s"', async (field, message) => {
      const body: Record<string, unknown> = clienteFixture();
      delete body[field];
      const r = await api.post('/api/clientes/register', body);
      expect(r.status).toBe(400);
      expect(r.body.message).toContain(message);
    });

    it('refuses wrong check digits, all-equal numbers, weak passwords and unknown fields, saving nothing', async () => {
      const body = clienteFixture();
      const bad = body.cnpj.slice(0, 13) + String((Number(body.cnpj[13]) + 1) % 10);
      const cases = [
        [{ ...body, cnpj: bad }, 'CNPJ inválido (dígitos verificadores incorretos)'],
        [{ ...body, cnpj: '11.111.111/1111-11' }, 'CNPJ inválido (todos os dígitos iguais)'],
        [{ ...body, password: 'fraca' }, 'A senha deve ter pelo menos 8 caracteres'],
        [{ ...body, cep: '123' }, 'CEP inválido (deve conter 8 dígitos)'],
        [{ ...body, estado: 'XX' }, 'Estado inválido'],
        [{ ...body, isAdmin: true }, 'O campo isAdmin não é permitido.'],
      ] as const;
      for (const [payload, message] of cases) {
        const r = await api.post('/api/clientes/register', payload);
        expect(r.status).toBe(400);
        expect(r.body.message).toContain(message);
      }
      // Nothing was stored: the same CNPJ and e-mail still register.
      expect((await api.post('/api/clientes/register', body)).status).toBe(201);
    });

    it('a CNPJ or e-mail already registered gets 409', async () => {
      const first = clienteFixture();
      expect((await api.post('/api/clientes/register', first)).status).toBe(201);
      const sameCnpj = await api.post('/api/clientes/register', { ...clienteFixture(), cnpj: first.cnpj });
      const sameEmail = await api.post('/api/clientes/register', { ...clienteFixture(), email: first.email.toUpperCase() });
      expect(sameCnpj.status).toBe(409);
      expect(sameCnpj.body.message).toBe('Já existe um cliente cadastrado com este CNPJ.');
      expect(sameEmail.status).toBe(409);
      expect(sameEmail.body.message).toBe('Este e-mail já está cadastrado.');
      const staffAddress = await api.post('/api/clientes/register', { ...clienteFixture(), email: 'master@veritas.com.br' });
      expect(staffAddress.status).toBe(409);
    });

    it('signs in with { token, data }, reads /api/clientes/me, and the two roles do not mix', async () => {
      const cliente = await api.withCliente('c1');
      const me = await api.get('/api/clientes/me', 'c1');
      expect(me.status).toBe(200);
      expect(me.body.data._id).toBe(cliente._id);
      expect((await api.get('/api/auth/me', 'c1')).status).toBe(403);
      await api.loginStaff('m', 'master@veritas.com.br', MASTER_PASSWORD);
      expect((await api.get('/api/clientes/me', 'm')).status).toBe(403);
    });

    it('an inactive client cannot sign in (clear message) and its open token stops working', async () => {
      const body = clienteFixture();
      const cliente = await api.withCliente('c2', body);
      await api.app.get(DataSource).getRepository(Cliente).update({ id: cliente._id }, { status: 'inativo' });
      const r = await api.post('/api/clientes/login', { email: body.email, password: body.password });
      expect(r.status).toBe(403);
      expect(r.body.message).toMatch(/inativo/);
      expect((await api.get('/api/clientes/me', 'c2')).status).toBe(401);
      const wrong = await api.post('/api/clientes/login', { email: body.email, password: 'Errada!123' });
      expect(wrong.status).toBe(401);
    });
  });

  describe('brute force', () => {
    it('delays an e-mail after repeated failures with a 429 and Retry-After, and a success does not count against it', async () => {
      const body = clienteFixture();
      await api.withCliente('c3', body);
      // The one sign-in decides by the e-mail (issue 54): a client's successful sign-ins never count.
      for (let i = 0; i < 6; i++) {
        const r = await api.post('/api/auth/login', { email: body.email, password: body.password });
        expect([r.status, r.body.role]).toEqual([200, 'cliente']);
        expect((await api.post('/api/clientes/login', { email: body.email, password: body.password })).status).toBe(200);
      }
      for (let i = 0; i < 4; i++) {
        expect((await api.post('/api/clientes/login', { email: body.email, password: 'Errada!123' })).status).toBe(401);
      }
      const locked = await api.post('/api/clientes/login', { email: body.email, password: body.password });
      expect(locked.status).toBe(429);
      expect(locked.body.message).toMatch(/^Muitas tentativas de login\. Aguarde (\d+ segundos?|\d+ minutos) e tente novamente\.$/);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await api.post('/api/auth/login', { email: body.email, password: body.password })).status).toBe(429);
    });
  });
});

describe.each(databaseKinds())('per-IP limit on %s', (kind) => {
  it('public registration: at most REGISTER_RATE_PER_IP accounts an hour from one address, then a pt-BR 429 with Retry-After', async () => {
    const api = await TestApi.start(kind, { REGISTER_RATE_PER_IP: '5' });
    try {
      const bodies = Array.from({ length: 30 }, () => clienteFixture());
      const replies = await Promise.all(bodies.map((b) => api.post('/api/clientes/register', b)));
      const statuses = replies.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(25);
      const refused = replies.find((r) => r.status === 429)!;
      expect(refused.body.message).toMatch(/^Muitos cadastros feitos a partir deste endereço\. Aguarde \d+ minutos? e tente novamente ou fale com o escritório\.$/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
      expect(await api.app.get(DataSource).getRepository(Cliente).count()).toBe(5);
    } finally {
      await api.stop();
    }
  });

  // The real password hash (not the tests' fast one): the race it opened is what these two check.
  it('40 simultaneous wrong guesses for one e-mail: only LOGIN_MAX_FAILURES_PER_EMAIL reach the password check', async () => {
    const api = await TestApi.start(kind, { PASSWORD_HASH_COST: 'default', LOGIN_DELAY_BASE_SECONDS: '600' });
    try {
      const body = clienteFixture();
      await api.withCliente('c40', body);
      const replies = await Promise.all(
        Array.from({ length: 40 }, () => api.post('/api/clientes/login', { email: body.email, password: 'Errada!123' })),
      );
      const statuses = replies.map((r) => r.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(35);
      const refused = replies.find((r) => r.status === 429)!;
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(refused.body.retryAfterSeconds).toBe(Number(refused.headers.get('retry-after')));
    } finally {
      await api.stop();
    }
  });

  it('70 simultaneous wrong guesses on different e-mails from one IP: at most LOGIN_MAX_FAILURES_PER_IP reach the password check', async () => {
    const api = await TestApi.start(kind, { PASSWORD_HASH_COST: 'default', LOGIN_MAX_FAILURES_PER_IP: '50' });
    try {
      const replies = await Promise.all(
        Array.from({ length: 70 }, (_, i) => api.post('/api/auth/login', { email: `alvo${i}@exemplo.com`, password: 'Errada!123' })),
      );
      const statuses = replies.map((r) => r.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(50);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    } finally {
      await api.stop();
    }
  });

  it('an IP that fails too often is refused even for other e-mails', async () => {
    const api = await TestApi.start(kind, { LOGIN_MAX_FAILURES_PER_IP: '3' });
    try {
      for (let i = 0; i < 3; i++) {
        expect((await api.post('/api/auth/login', { email: `x${i}@exemplo.com`, password: 'Errada!123' })).status).toBe(401);
      }
      expect((await api.post('/api/auth/login', { email: 'master@veritas.com.br', password: MASTER_PASSWORD })).status).toBe(429);
    } finally {
      await api.stop();
    }
  });
});
