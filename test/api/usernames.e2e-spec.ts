import { DataSource } from 'typeorm';
import { User } from '../../backend/src/users/entities/user.entity';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';

const RESERVED = ['nao-responda', 'postmaster', 'abuse', 'contato', 'root', 'admin', 'hostmaster', 'webmaster', 'mailer-daemon', 'noreply', 'no-reply', 'no.reply'];

describe.each(databaseKinds())('usernames that would pass for the system on %s', (kind) => {
  let api: TestApi;
  let ds: DataSource;
  const body = (username: string) => ({ username, nomeCompleto: 'Pessoa', password: 'Equipe!2026', isAdmin: false, permissions: ['Associados'] });

  beforeAll(async () => {
    // The contact inbox on our own domain is a staff mailbox that must be free to create.
    api = await TestApi.start(kind, { CONTACT_INBOX: 'fale.conosco@veritas.com.br' });
    ds = api.app.get(DataSource);
    await api.withStaff();
  });
  afterAll(() => api.stop());

  it.each(RESERVED)('%s cannot be created (409 in Portuguese, nothing stored)', async (username) => {
    const before = await ds.getRepository(User).count();
    const r = await api.post('/api/users', body(username), 'master');
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(`O nome de usuário "${username}" é reservado a endereços do sistema. Escolha outro.`);
    expect(await ds.getRepository(User).count()).toBe(before);
  });

  it('no one can be renamed to a reserved name, and an unrelated edit of a user keeps working', async () => {
    const created = await api.post('/api/users', body('carla.reis'), 'master');
    expect(created.status).toBe(201);
    for (const username of ['postmaster', 'nao-responda', 'Admin']) {
      const r = await api.put(`/api/users/${created.body.data._id}`, { username }, 'diretoria');
      expect(r.status).toBe(409);
      expect(r.body.message).toMatch(/é reservado a endereços do sistema/);
    }
    const row = await ds.getRepository(User).findOneByOrFail({ id: created.body.data._id });
    expect(row).toMatchObject({ username: 'carla.reis', email: 'carla.reis@veritas.com.br' });
    const same = await api.put(`/api/users/${created.body.data._id}`, { username: 'carla.reis', nomeCompleto: 'Carla Reis' }, 'master');
    expect(same.status).toBe(200);
  });

  it('the CONTACT_INBOX mailbox on our domain can be created (messages are delivered to it)', async () => {
    const r = await api.post('/api/users', body('fale.conosco'), 'master');
    expect(r.status).toBe(201);
    expect(r.body.data.email).toBe('fale.conosco@veritas.com.br');
  });

  it('business mailboxes stay free to use', async () => {
    expect((await api.post('/api/users', body('suporte'), 'master')).status).toBe(201);
    expect((await api.post('/api/users', body('contatos.sp'), 'master')).status).toBe(201);
  });
});
