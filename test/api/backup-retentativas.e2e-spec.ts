import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DataSource } from 'typeorm';
import { createBackup, verifyBackup } from '../../backend/src/platform/backup/backup';
import * as dump from '../../backend/src/platform/backup/database-dump';
import { APP_CONFIG, type AppConfig } from '../../backend/src/platform/config/config';
import { samplePdf } from '../../backend/src/documentos/sample-files';
import { JobScheduler } from '../../backend/src/platform/jobs/jobs';
import { TestApi } from '../support/api';
import { databaseKinds } from '../support/db';

/**
 * Issue 55: a file deleted while a backup copies the files is checked against the live database
 * (its row gone too: left out and listed in the manifest; its row still there: the backup fails),
 * and a scheduled backup that fails is tried again with backoff, its failure on the Tarefas screen.
 */
describe.each(databaseKinds())('backups that meet deletions, and retry (%s)', (kind) => {
  let api: TestApi;
  let config: AppConfig;
  let backupRoot: string;
  const dirs: string[] = [];

  beforeAll(async () => {
    backupRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'veritas-bk-retry-'));
    api = await TestApi.start(kind, { BACKUP_DIR: backupRoot, BACKUP_CRON: '0 3 * * *', JOBS_ATTEMPTS: '3', JOBS_BACKOFF_SECONDS: '1' });
    await api.withStaff();
    await api.withCliente('cliente', { razaoSocial: 'Copiada Comércio Ltda' });
    config = api.app.get(APP_CONFIG);
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await api.stop();
    for (const d of [backupRoot, ...dirs]) fs.rmSync(d, { recursive: true, force: true });
  });

  async function upload(): Promise<{ id: string; key: string }> {
    const form = new FormData();
    form.append('arquivo', new Blob([new Uint8Array(samplePdf())]), 'Contrato.pdf');
    const r = await fetch(`${api.baseUrl}/api/documentos`, { method: 'POST', headers: { authorization: `Bearer ${api.token.cliente}` }, body: form });
    expect(r.status).toBe(201);
    const id = ((await r.json()) as any).data._id as string;
    const [row] = await api.app.get(DataSource).query('SELECT storageKey FROM documentos WHERE id = ?', [id]);
    return { id, key: row.storageKey };
  }
  const fileOf = (key: string) => path.join(api.dataDir, 'arquivos', ...key.split('/'));
  /** Runs `during` right after the database snapshot, before the files are copied. */
  function afterSnapshot(during: () => Promise<void>): void {
    const name = kind === 'sqlite' ? 'dumpSqlite' : 'dumpMysql';
    const real = dump[name] as (...a: any[]) => Promise<dump.DumpFacts>;
    jest.spyOn(dump, name).mockImplementationOnce(async (...args: any[]) => {
      const facts = await real(...args);
      await during();
      return facts;
    });
  }
  const newDir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'veritas-bk-'));
    dirs.push(d);
    return path.join(d, 'backup');
  };

  it('a document deleted (row and file) during the copy is left out and listed; the backup verifies', async () => {
    const kept = await upload();
    const doomed = await upload();
    afterSnapshot(async () => {
      expect((await api.del(`/api/documentos/${doomed.id}`, 'cliente')).status).toBe(200);
      expect(fs.existsSync(fileOf(doomed.key))).toBe(false);
    });
    const dir = newDir();
    const manifest = await createBackup(config, dir);
    expect(manifest.removidosDuranteACopia).toEqual([`store/${doomed.key}`]);
    expect(manifest.references).toContain(`store/${kept.key}`);
    expect(manifest.references).not.toContain(`store/${doomed.key}`);
    expect(manifest.files.map((f) => f.path)).not.toContain(`store/${doomed.key}`);
    // The snapshot still has its row (it was taken before the deletion).
    const [{ n }] = await api.app.get(DataSource).query('SELECT COUNT(*) AS n FROM documentos');
    expect(manifest.tables.documentos).toBe(Number(n) + 1);
    await expect(verifyBackup(dir)).resolves.toMatchObject({ removidosDuranteACopia: [`store/${doomed.key}`] });
  });

  it('a file gone while its row is still in the database fails the backup, naming it', async () => {
    const lost = await upload();
    const bytes = fs.readFileSync(fileOf(lost.key));
    afterSnapshot(async () => fs.rmSync(fileOf(lost.key)));
    await expect(createBackup(config, newDir())).rejects.toThrow(new RegExp(`Backup incompleto: 1 arquivo\\(s\\) citados pelo banco não foram encontrados \\(store/${lost.key}\\)`));
    fs.writeFileSync(fileOf(lost.key), bytes);
  });

  it('a scheduled backup that fails is retried with backoff, shown meanwhile on Tarefas, and succeeds once the cause is gone', async () => {
    const lost = await upload();
    const bytes = fs.readFileSync(fileOf(lost.key));
    fs.rmSync(fileOf(lost.key));
    expect((await api.post('/api/tarefas/Backup/executar', undefined, 'master')).status).toBe(202);
    const jobs = api.app.get(JobScheduler);
    await jobs.idle('Backup');
    const falhas = await api.get('/api/tarefas/falhas', 'master');
    expect(falhas.body.data).toEqual([expect.objectContaining({ nome: 'Backup', tentativas: 1, erro: expect.stringContaining(`store/${lost.key}`) })]);
    const estado = (await api.get('/api/tarefas', 'master')).body.data;
    const backup = estado.tarefas.find((t: any) => t.nome === 'Backup');
    expect(backup.ultimaExecucao).toMatchObject({ ok: false, erro: expect.stringContaining('Backup incompleto') });
    // The next try is the backoff away, not the next night.
    expect(Date.parse(backup.proximaExecucao) - Date.now()).toBeLessThanOrEqual(1000);
    expect(estado.contagens.atrasadas).toBe(1);
    expect(fs.readdirSync(backupRoot).filter((n) => !n.endsWith('.parcial'))).toEqual([]);

    fs.writeFileSync(fileOf(lost.key), bytes);
    // Waits for the retry the scheduler makes by itself (its own timer), then for that pass to end.
    while ((await jobs.state()).contagens.atrasadas) await new Promise((r) => setTimeout(r, 100));
    await jobs.idle('Backup');
    expect((await api.get('/api/tarefas/falhas', 'master')).body.data).toEqual([]);
    const made = fs.readdirSync(backupRoot);
    expect(made).toHaveLength(1);
    expect(JSON.parse(fs.readFileSync(path.join(backupRoot, made[0], 'manifest.json'), 'utf8')).references).toContain(`store/${lost.key}`);
  });
});
