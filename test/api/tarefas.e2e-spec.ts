/**
 * The background jobs (issue 15) and the master's Tarefas screen: the schedules, the last run, a
 * failed run kept with its pt-BR reason, retried and discarded; in the embedded mode (this
 * process's clocks) and with REDIS_URL (BullMQ job schedulers, retries with backoff).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TestApi } from '../support/api';
import { until } from '../support/faults';
import { dropRedisPrefix, TEST_REDIS_URL, testRedisPrefix } from '../support/redis';

/** BACKUP_DIR is a file: every backup fails, with the system's reason. */
function brokenBackupEnv() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'veritas-tarefas-'));
  const file = path.join(dir, 'nao-e-pasta');
  fs.writeFileSync(file, 'x');
  return { dir, env: { BACKUP_DIR: file, BACKUP_CRON: '0 3 * * *' } };
}

describe.each([
  ['local', {}],
  ['redis', { REDIS_URL: TEST_REDIS_URL }],
] as const)('background jobs (%s)', (modo, extra) => {
  let api: TestApi;
  let dir: string;
  const prefix = testRedisPrefix();

  beforeAll(async () => {
    const broken = brokenBackupEnv();
    dir = broken.dir;
    api = await TestApi.start('sqlite', { ...broken.env, ...extra, REDIS_PREFIX: prefix, JOBS_ATTEMPTS: '2', JOBS_BACKOFF_SECONDS: '1' });
    await api.withStaff();
  }, 60_000);
  afterAll(async () => {
    await api?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
    if (modo === 'redis') await dropRedisPrefix(prefix);
  });

  const falhas = async () => (await api.get('/api/tarefas/falhas', 'master')).body;

  it('lists every recurring job with its frequency and next run, to the master only', async () => {
    await until(async () => (await api.get('/api/tarefas', 'master')).body.data?.tarefas?.length >= 6, 'as tarefas agendadas');
    const r = await api.get('/api/tarefas', 'master');
    expect(r.status).toBe(200);
    expect(r.body.data.modo).toBe(modo);
    const byName = Object.fromEntries(r.body.data.tarefas.map((t: any) => [t.nome, t]));
    for (const nome of ['MailOutbox', 'DocumentosVarredura', 'AgendaLembretes', 'AuditoriaRetencao', 'ContatoRetencao', 'TitularesExportacoes', 'Backup']) {
      expect([nome, typeof byName[nome]?.descricao]).toEqual([nome, 'string']);
    }
    expect(byName.AuditoriaRetencao.periodoSegundos).toBe(6 * 3600);
    expect(byName.Backup.cron).toBe('0 3 * * *');
    expect(new Date(byName.Backup.proximaExecucao).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(byName.Backup.descricao).toMatch(/Cópia de segurança/);
    expect((await api.get('/api/tarefas', 'diretoria')).status).toBe(403);
    expect((await api.get('/api/tarefas/falhas', 'associado')).status).toBe(403);
  });

  it('a run that fails is kept with its reason (after the retries with REDIS_URL); the last run says so', async () => {
    const run = await api.post('/api/tarefas/Backup/executar', undefined, 'master');
    expect([run.status, run.body.data]).toEqual([202, { ok: true }]);
    await until(async () => (await falhas()).total >= 1, 'a falha do backup', 30_000);
    const { data, total } = await falhas();
    expect(total).toBe(1);
    expect(data[0]).toMatchObject({ nome: 'Backup', tentativas: modo === 'redis' ? 2 : 1 });
    expect(data[0].erro).toMatch(/EEXIST|ENOTDIR|nao-e-pasta/);
    const estado = (await api.get('/api/tarefas', 'master')).body.data;
    const backup = estado.tarefas.find((t: any) => t.nome === 'Backup');
    expect(backup.ultimaExecucao).toMatchObject({ ok: false });
    expect(estado.contagens.falhas).toBe(1);
  });

  it('Repetir runs it again (it fails again: one failure, one more try); Descartar removes it', async () => {
    const [first] = (await falhas()).data;
    expect((await api.post(`/api/tarefas/falhas/${first._id}/repetir`, undefined, 'master')).status).toBe(202);
    if (modo === 'redis') {
      // The same job back in the queue: it fails again and is in the failed set once more.
      await until(async () => (await falhas()).data[0]?.tentativas > first.tentativas, 'a nova tentativa', 30_000);
    } else {
      await until(async () => (await falhas()).total === 1 && (await falhas()).data[0]._id !== first._id, 'a nova falha', 30_000);
    }
    const [again] = (await falhas()).data;
    expect((await falhas()).total).toBe(1);
    const gone = await api.del(`/api/tarefas/falhas/${again._id}`, 'master');
    expect([gone.status, gone.body.data]).toEqual([200, { ok: true }]);
    expect((await falhas()).total).toBe(0);
    const missing = await api.post(`/api/tarefas/falhas/${again._id}/repetir`, undefined, 'master');
    expect([missing.status, missing.body.message]).toEqual([404, 'Falha não encontrada (já repetida ou descartada).']);
  });

  it('an unknown job is a 404 in pt-BR; a job that succeeds records its last run', async () => {
    const unknown = await api.post('/api/tarefas/Inexistente/executar', undefined, 'master');
    expect([unknown.status, unknown.body.message]).toEqual([404, 'Tarefa não encontrada.']);
    expect((await api.post('/api/tarefas/ContatoRetencao/executar', undefined, 'master')).status).toBe(202);
    await until(async () => {
      const t = (await api.get('/api/tarefas', 'master')).body.data.tarefas.find((x: any) => x.nome === 'ContatoRetencao');
      return t?.ultimaExecucao?.ok === true;
    }, 'a execução da retenção de contatos');
    expect((await falhas()).total).toBe(0);
  });
});

describe('a replica with BACKGROUND_JOBS=false', () => {
  it('schedules and runs nothing, and says so', async () => {
    const api = await TestApi.start('sqlite', { BACKGROUND_JOBS: 'false' });
    try {
      await api.withStaff();
      const r = await api.get('/api/tarefas', 'master');
      expect([r.status, r.body.data.modo, r.body.data.tarefas]).toEqual([200, 'local', []]);
      expect((await api.post('/api/tarefas/MailOutbox/executar', undefined, 'master')).status).toBe(404);
    } finally {
      await api.stop();
    }
  });
});
