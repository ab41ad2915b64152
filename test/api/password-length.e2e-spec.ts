import { PASSWORD_MAX_LENGTH } from '@veritas/common';
import { clienteFixture, TestApi } from '../support/api';
import { databaseKinds } from '../support/db';

const longest = 'Aa1!' + 'x'.repeat(PASSWORD_MAX_LENGTH - 4);
const tooLong = longest + 'y';
const TOO_LONG = `A senha deve ter no máximo ${PASSWORD_MAX_LENGTH} caracteres`;

/** One maximum for every password the server takes: what registration accepts, sign-in accepts. */
describe.each(databaseKinds())('password maximum on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await TestApi.start(kind);
    await api.withStaff();
  });
  afterAll(() => api.stop());

  it('a client registered with the longest password signs in with it; one more character is refused', async () => {
    const refused = await api.post('/api/clientes/register', { ...clienteFixture(), password: tooLong });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(TOO_LONG);
    const body: Record<string, string> = { ...clienteFixture(), password: longest };
    expect((await api.post('/api/clientes/register', body)).status).toBe(201);
    expect((await api.post('/api/clientes/login', { email: body.email, password: longest })).status).toBe(200);
    const login = await api.post('/api/clientes/login', { email: body.email, password: tooLong });
    expect(login.status).toBe(400);
    expect(login.body.message).toBe('Email ou senha inválidos.');
  });

  it('staff forms, client forms and the reset link use the same maximum', async () => {
    const user = await api.post('/api/users', { username: 'longa.senha', nomeCompleto: 'Longa', password: longest, permissions: ['Associados'] }, 'master');
    expect(user.status).toBe(201);
    expect((await api.post('/api/auth/login', { email: user.body.data.email, password: longest })).status).toBe(200);
    const attempts = [
      await api.post('/api/users', { username: 'outra.senha', nomeCompleto: 'Outra', password: tooLong }, 'master'),
      await api.put(`/api/users/${user.body.data._id}`, { password: tooLong }, 'master'),
      await api.post('/api/clientes', { ...clienteFixture(), password: tooLong }, 'master'),
      await api.post('/api/auth/reset-password', { token: 'x'.repeat(40), password: tooLong }),
    ];
    const cliente = await api.post('/api/clientes', { ...clienteFixture(), password: longest }, 'master');
    expect(cliente.status).toBe(201);
    attempts.push(await api.put(`/api/clientes/${cliente.body.data._id}`, { password: tooLong }, 'master'));
    for (const r of attempts) {
      expect(r.status).toBe(400);
      expect(r.body.message).toContain(TOO_LONG);
    }
  });
});
