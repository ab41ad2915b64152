import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';

const PW = 'Equipe!2026';
const newUser = (username: string, extra: Record<string, unknown> = {}) => ({
  username,
  nomeCompleto: `Nome ${username}`,
  password: PW,
  isAdmin: false,
  permissions: ['Associados'],
  ...extra,
});

describe.each(databaseKinds())('staff users on %s', (kind) => {
  let api: TestApi;
  let staff: Awaited<ReturnType<TestApi['withStaff']>>;
  beforeAll(async () => {
    api = await TestApi.start(kind);
    staff = await api.withStaff();
  });
  afterAll(() => api.stop());

  it('creates a user with the e-mail derived from the username, and never returns a hash', async () => {
    const r = await api.post('/api/users', newUser('carla.dias', { permissions: ['Financeiro'], email: 'x@y.z' }), 'master');
    // email is read-only: sending it on create is an unknown field.
    expect(r.status).toBe(400);
    const ok = await api.post('/api/users', newUser('Carla.Dias', { permissions: ['Financeiro'] }), 'master');
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ username: 'carla.dias', email: 'carla.dias@veritas.com.br', isAdmin: false, permissions: ['Financeiro'] });
    expect(JSON.stringify(ok.body)).not.toMatch(/argon2|passwordHash/);
    await api.loginStaff('carla', 'carla.dias@veritas.com.br', PW);
  });

  it('stores a non-admin sent without permissions as an associado, listed under the Associados tab (issue 10)', async () => {
    const r = await api.post('/api/users', newUser('sem.funcao', { permissions: [] }), 'master');
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ isAdmin: false, permissions: ['Associados'] });
    const tab = await api.get(`/api/users?filter=${encodeURIComponent('{"tab":"associados"}')}&range=[0,199]`, 'master');
    expect(tab.body.data.map((u: { username: string }) => u.username)).toContain('sem.funcao');
    // An admin keeps what was sent (a legacy board member).
    const admin = await api.post('/api/users', newUser('sem.funcao.adm', { isAdmin: true, permissions: [] }), 'master');
    expect(admin.body.data).toMatchObject({ isAdmin: true, permissions: [] });
    // Leave the list as the later list tests expect it.
    for (const id of [r.body.data._id, admin.body.data._id]) expect((await api.del(`/api/users/${id}`, 'master')).status).toBe(200);
  });

  it('refuses a username already in use with 409', async () => {
    const r = await api.post('/api/users', newUser('dir.ana'), 'master');
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Nome de usuário já está em uso.');
  });

  it('validates the body in pt-BR: weak password, bad permission, bad username', async () => {
    const cases = [
      [newUser('fraco', { password: 'abc' }), 'A senha deve ter pelo menos 8 caracteres'],
      [newUser('perm', { permissions: ['Rei'] }), 'Permissão inválida'],
      [newUser('nome com espaço'), 'Nome de usuário inválido'],
      [{ ...newUser('semnome'), nomeCompleto: '' }, 'Nome completo é obrigatório.'],
    ] as const;
    for (const [body, message] of cases) {
      const r = await api.post('/api/users', body, 'master');
      expect(r.status).toBe(400);
      expect(r.body.message).toContain(message);
    }
  });

  it('edits without a password keeping the current one, and changes it when one is sent', async () => {
    const created = (await api.post('/api/users', newUser('edu.lima'), 'master')).body.data;
    const edit = await api.put(`/api/users/${created._id}`, { nomeCompleto: 'Eduardo Lima', password: '', email: 'ignorado@x.com' }, 'master');
    expect(edit.status).toBe(200);
    expect(edit.body.data).toMatchObject({ nomeCompleto: 'Eduardo Lima', email: 'edu.lima@veritas.com.br' });
    await api.loginStaff('edu', 'edu.lima@veritas.com.br', PW);
    const oldToken = api.token.edu;
    // Tokens carry whole seconds: make sure the change happens in a later second than the sign-in.
    await new Promise((r) => setTimeout(r, 1100));
    expect((await api.put(`/api/users/${created._id}`, { password: 'Nova!Senha9' }, 'master')).status).toBe(200);
    expect((await api.post('/api/auth/login', { email: 'edu.lima@veritas.com.br', password: PW })).status).toBe(401);
    // A password change ends the sessions opened with the old one.
    expect((await api.call('GET', '/api/auth/me', { token: oldToken })).status).toBe(401);
    await api.loginStaff('edu', 'edu.lima@veritas.com.br', 'Nova!Senha9');
    expect((await api.get('/api/auth/me', 'edu')).status).toBe(200);
  });

  it('renaming a user changes the derived e-mail', async () => {
    const u = (await api.post('/api/users', newUser('fabio.r'), 'master')).body.data;
    const r = await api.put(`/api/users/${u._id}`, { username: 'fabio.rocha' }, 'master');
    expect(r.body.data.email).toBe('fabio.rocha@veritas.com.br');
  });

  it('lists with paging, sorting, search and the tabs of the settings screen, in SQL', async () => {
    const all = await api.get('/api/users?sort=["username","ASC"]&range=[0,1]', 'master');
    expect(all.status).toBe(200);
    expect(all.body.data).toHaveLength(2);
    expect(all.headers.get('content-range')).toMatch(new RegExp(`^users 0-1/${all.body.total}$`));
    expect(all.body.total).toBeGreaterThanOrEqual(5);
    const names = all.body.data.map((u: { username: string }) => u.username);
    expect([...names].sort()).toEqual(names);

    const search = await api.get(`/api/users?filter=${encodeURIComponent(JSON.stringify({ q: 'ANA' }))}`, 'master');
    expect(search.body.data.map((u: { username: string }) => u.username)).toEqual(['dir.ana']);

    const tab = async (t: string) =>
      (await api.get(`/api/users?filter=${encodeURIComponent(JSON.stringify({ tab: t }))}`, 'master')).body.data.map((u: { username: string }) => u.username);
    expect(await tab('master')).toEqual(['master']);
    expect(await tab('diretoria')).toEqual(['dir.ana']);
    expect(await tab('financeiro')).toEqual(['carla.dias']);
    expect(await tab('associados')).toEqual(expect.arrayContaining(['assoc.bruno']));
    expect(await tab('associados')).not.toContain('carla.dias');

    expect((await api.get('/api/users?sort=["password","ASC"]', 'master')).status).toBe(400);
    expect((await api.get('/api/users?range=[5,1]', 'master')).status).toBe(400);
    expect((await api.get('/api/users?filter={oops', 'master')).body.message).toMatch(/filter inválido/);
  });

  describe('who may manage whom', () => {
    it('diretoria manages associates but cannot create, edit, promote to or delete a master', async () => {
      const assoc = await api.post('/api/users', newUser('gabi'), 'diretoria');
      expect(assoc.status).toBe(201);
      expect((await api.put(`/api/users/${assoc.body.data._id}`, { nomeCompleto: 'Gabriela' }, 'diretoria')).status).toBe(200);

      const mkMaster = await api.post('/api/users', newUser('novo.master', { isAdmin: true, permissions: ['Master'] }), 'diretoria');
      expect(mkMaster.status).toBe(403);
      expect(mkMaster.body.message).toMatch(/Master/);
      const promote = await api.put(`/api/users/${assoc.body.data._id}`, { isAdmin: true, permissions: ['Master'] }, 'diretoria');
      expect(promote.status).toBe(403);
      expect((await api.put(`/api/users/${staff.master._id}`, { nomeCompleto: 'Outro' }, 'diretoria')).status).toBe(403);
      expect((await api.del(`/api/users/${staff.master._id}`, 'diretoria')).status).toBe(403);
      expect((await api.get(`/api/users/${staff.master._id}`, 'master')).body.data.nomeCompleto).toBe('Administrador Master');

      expect((await api.del(`/api/users/${assoc.body.data._id}`, 'diretoria')).status).toBe(200);
      expect((await api.get(`/api/users/${assoc.body.data._id}`, 'master')).status).toBe(404);
    });

    it('associates and other permissions cannot manage users at all', async () => {
      expect((await api.post('/api/users', newUser('hugo'), 'associado')).status).toBe(403);
      expect((await api.get('/api/users', 'carla')).status).toBe(403);
    });

    it('nobody deletes themself, and the last master cannot be demoted', async () => {
      const self = await api.del(`/api/users/${staff.diretoria._id}`, 'diretoria');
      expect(self.status).toBe(403);
      expect(self.body.message).toBe('Você não pode excluir o seu próprio usuário.');
      expect((await api.del(`/api/users/${staff.master._id}`, 'master')).status).toBe(403);

      const demote = await api.put(`/api/users/${staff.master._id}`, { isAdmin: false, permissions: ['Associados'] }, 'master');
      expect(demote.status).toBe(409);
      expect(demote.body.message).toBe('Não é possível remover ou rebaixar o último usuário Master.');

      // With a second master, the first one may go.
      const second = await api.post('/api/users', newUser('master2', { isAdmin: true, permissions: ['Master'] }), 'master');
      expect(second.status).toBe(201);
      await api.loginStaff('master2', 'master2@veritas.com.br', PW);
      expect((await api.del(`/api/users/${staff.master._id}`, 'master2')).status).toBe(200);
      const last = await api.put(`/api/users/${second.body.data._id}`, { permissions: ['Diretoria'] }, 'master2');
      expect(last.status).toBe(409);
      // The deleted master's token no longer opens anything.
      expect((await api.get('/api/auth/me', 'master')).status).toBe(401);
    });

    it('a demoted user loses access at once, without waiting for the token to expire', async () => {
      const u = (await api.post('/api/users', newUser('ivo', { isAdmin: true, permissions: ['Diretoria'] }), 'master2')).body.data;
      await api.loginStaff('ivo', u.email, PW);
      expect((await api.get('/api/users', 'ivo')).status).toBe(200);
      await api.put(`/api/users/${u._id}`, { isAdmin: false, permissions: ['Associados'] }, 'master2');
      // A permission change ends the person's sessions (issue 54); signed in again, the new permissions decide.
      expect((await api.get('/api/users', 'ivo')).status).toBe(401);
      await api.loginStaff('ivo', u.email, PW);
      expect((await api.get('/api/users', 'ivo')).status).toBe(403);
    });
  });

  it('an id that does not exist, or is not a UUID, is 404', async () => {
    expect((await api.get('/api/users/00000000-0000-4000-8000-000000000000', 'master2')).status).toBe(404);
    const r = await api.get('/api/users/1', 'master2');
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('Usuário não encontrado.');
  });
});
