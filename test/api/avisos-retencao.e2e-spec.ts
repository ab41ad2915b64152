import { DataSource } from 'typeorm';
import { AvisosRetencaoJob } from '../../backend/src/mail/avisos-retencao.job';
import { UsuarioAviso } from '../../backend/src/avisos';
import { ClienteNovidade } from '../../backend/src/notificacoes';
import { newId } from '../../backend/src/platform/database';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';

const DAY = 86_400_000;

/** Issue 53: the notification centres keep NOTICE_RETENTION_DAYS of notices (here 30); older ones go, daily. */
describe.each(databaseKinds())('notices retention on %s', (kind) => {
  let api: TestApi;
  let db: DataSource;
  let staff: Record<string, any>;
  let cliente: any;

  beforeAll(async () => {
    api = await TestApi.start(kind, { SMTP_PORT: '0', NOTICE_RETENTION_DAYS: '30' });
    staff = await api.withStaff();
    cliente = await api.withCliente('cliente');
    db = api.app.get(DataSource);
  });
  afterAll(() => api.stop());

  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY);
  const novidade = (titulo: string, daysAgo: number) =>
    db.getRepository(ClienteNovidade).insert({ id: newId(), clienteId: cliente._id, evento: 'registro.status', titulo, link: '/cliente', lidaEm: null, createdAt: at(daysAgo), updatedAt: at(daysAgo) });
  const aviso = (titulo: string, daysAgo: number) =>
    db.getRepository(UsuarioAviso).insert({ id: newId(), userId: staff.associado._id, tipo: 'registro.atribuido', titulo, link: '/painel', lidoEm: null, chave: null, createdAt: at(daysAgo), updatedAt: at(daysAgo) });

  it('removes the notices older than the retention from both centres, and keeps the rest', async () => {
    await novidade('Antiga do cliente', 31);
    await novidade('Recente do cliente', 29);
    await aviso('Antigo da equipe', 31);
    await aviso('Recente da equipe', 29);

    expect(await api.app.get(AvisosRetencaoJob).runOnce()).toEqual({ novidades: 1, avisos: 1 });
    const novidades = (await api.get('/api/clientes/me/novidades', 'cliente')).body.data.map((n: any) => n.titulo);
    expect(novidades).toContain('Recente do cliente');
    expect(novidades).not.toContain('Antiga do cliente');
    const avisos = (await api.get('/api/avisos', 'associado')).body.data.map((a: any) => a.titulo);
    expect(avisos).toEqual(expect.arrayContaining(['Recente da equipe']));
    expect(avisos).not.toContain('Antigo da equipe');
    // A second pass finds nothing more.
    expect(await api.app.get(AvisosRetencaoJob).runOnce()).toEqual({ novidades: 0, avisos: 0 });
  });
});
