import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Database from 'better-sqlite3';
import { createConnection } from 'mysql2/promise';
import { createTransport } from 'nodemailer';
import { BackupJob } from '../../backend/src/platform/backup/backup.job';
import type { BackupManifest } from '../../backend/src/platform/backup/backup';
import { APP_CONFIG, type AppConfig } from '../../backend/src/platform/config/config';
import { samplePdf } from '../../backend/src/documentos/sample-files';
import { SmtpListener } from '../../backend/src/mail/smtp-listener.service';
import { clienteFixture, TestApi } from '../support/api';
import { createTestDatabase, databaseKinds, DbKind } from '../support/db';
import { LocalS3, startS3 } from '../support/s3';
import { freePort, ROOT, startApp } from '../support/server';

/**
 * Backups that restore (issue 16): the built commands (backend/dist/platform/backup/cli.js, as `npm run
 * backup` / `npm run restore` run them) against a product serving under a write load; the restored
 * copy is started as the built product and must serve the same data, byte for byte.
 */
const CLI = path.join(ROOT, 'backend', 'dist', 'platform', 'backup', 'cli.js');

interface Run {
  code: number;
  out: string;
}

function cli(args: string[], env: Record<string, string | undefined>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env } as NodeJS.ProcessEnv, timeout: 120_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` });
    });
  });
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const tmpDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

async function countsOf(kind: DbKind, dataDir: string, url: string | undefined): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  if (kind === 'sqlite') {
    const db = new Database(path.join(dataDir, 'app.sqlite'), { readonly: true });
    try {
      for (const { name } of db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).all() as { name: string }[]) {
        out[name] = (db.prepare(`SELECT COUNT(*) AS n FROM "${name}"`).get() as { n: number }).n;
      }
    } finally {
      db.close();
    }
    return out;
  }
  const c = await createConnection(url!);
  try {
    const [tables] = await c.query<any[]>(`SHOW FULL TABLES WHERE Table_type = 'BASE TABLE'`);
    for (const t of tables) {
      const name = Object.values(t)[0] as string;
      const [[row]] = await c.query<any[]>(`SELECT COUNT(*) AS n FROM \`${name}\``);
      out[name] = Number(row.n);
    }
  } finally {
    await c.end();
  }
  return out;
}

async function signIn(baseUrl: string, route: '/api/auth/login' | '/api/clientes/login', email: string, password: string): Promise<string> {
  const r = await fetch(`${baseUrl}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  expect(r.status).toBe(200);
  return ((await r.json()) as any).token as string;
}

async function fetchJson(baseUrl: string, url: string, token: string): Promise<any> {
  return (await fetch(`${baseUrl}${url}`, { headers: { authorization: `Bearer ${token}` } })).json();
}

/** A 200 and its bytes. */
async function download(baseUrl: string, url: string, token: string): Promise<Buffer> {
  const r = await fetch(`${baseUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });
  expect(r.status).toBe(200);
  return Buffer.from(await r.arrayBuffer());
}

/** Uploads a document as a client; answers its id. */
async function upload(baseUrl: string, token: string, bytes: Buffer, name: string): Promise<{ status: number; id?: string }> {
  const form = new FormData();
  form.append('arquivo', new Blob([new Uint8Array(bytes)]), name);
  const r = await fetch(`${baseUrl}/api/documentos`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: r.status, id: r.status === 201 ? ((await r.json()) as any).data._id : undefined };
}

/** Where a manifest path lives in a restored DATA_DIR (local storage). */
const restoredPath = (dataDir: string, rel: string) =>
  rel.startsWith('store/') ? path.join(dataDir, 'arquivos', ...rel.slice(6).split('/')) : path.join(dataDir, 'mail', ...rel.slice(5).split('/'));

describe.each(databaseKinds())('backup and restore (%s)', (kind) => {
  let api: TestApi;
  let sourceUrl: string | undefined;
  let backupDir: string;
  let manifest: BackupManifest;
  const cleanup: (() => Promise<void> | void)[] = [];
  const pdf = Buffer.concat([samplePdf(), randomBytes(300_000)]);
  const attachment = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(50_000), Buffer.from('\n%%EOF')]);
  let cliente: { email: string; password: string };
  let documentoId: string;
  let loadWrites = 0;

  beforeAll(async () => {
    if (!fs.existsSync(CLI)) throw new Error(`${CLI} não existe: rode "npm run build" antes.`);
    api = await TestApi.start(kind, { SMTP_PORT: String(await freePort()) });
    sourceUrl = kind === 'mysql' ? ((api.app.get(APP_CONFIG) as AppConfig).database as { url: string }).url : undefined;
    await api.withStaff();
    const fixture = clienteFixture();
    cliente = { email: fixture.email, password: fixture.password };
    const reg = await api.post('/api/clientes/register', fixture);
    expect(reg.status).toBe(201);
    await api.loginCliente('cliente', cliente.email, cliente.password);
    const registro = await api.post('/api/registros', { servico: 'certidao-simplificada', descricao: 'Certidão para o backup' }, 'cliente');
    expect(registro.status).toBe(201);

    const up = await upload(api.baseUrl, api.token.cliente, pdf, 'contrato social.pdf');
    expect(up.status).toBe(201);
    documentoId = up.id!;

    const port = api.app.get(SmtpListener).address!.port;
    await createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true }).sendMail({
      from: 'contador@exemplo.com.br',
      to: 'dir.ana@veritas.com.br',
      subject: 'Balanço para o backup',
      text: 'Segue o balanço.',
      attachments: [{ filename: 'balanço.pdf', content: attachment, contentType: 'application/pdf' }],
    });

    // The backup, taken while clients register and upload documents.
    backupDir = path.join(tmpDir('veritas-bk-'), 'backup');
    let stop = false;
    const load = (async () => {
      while (!stop) {
        const f = clienteFixture();
        const r = await api.post('/api/clientes/register', f);
        const u = await upload(api.baseUrl, api.token.cliente, samplePdf(), 'carga.pdf');
        if (r.status === 201 && u.status === 201) loadWrites += 2;
      }
    })();
    await new Promise((r) => setTimeout(r, 300));
    const run = await cli(['backup', '--to', backupDir], { DATA_DIR: api.dataDir, DATABASE_URL: sourceUrl });
    stop = true;
    await load;
    expect([run.code, run.out]).toEqual([0, expect.stringContaining('Backup completo')]);
    manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
  });
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
    await api?.stop();
    if (backupDir) fs.rmSync(path.dirname(backupDir), { recursive: true, force: true });
  });

  /** A fresh DATA_DIR (and on MariaDB a fresh database name), removed at the end; `env` points the commands at it. */
  async function freshTarget(extra: Record<string, string> = {}) {
    const dataDir = tmpDir('veritas-restored-');
    cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const db = kind === 'mysql' ? await createTestDatabase('mysql', { create: false }) : null;
    if (db) cleanup.push(db.drop);
    return { dataDir, url: db?.url, env: { DATA_DIR: dataDir, DATABASE_URL: db?.url, ...extra } };
  }

  it('the manifest describes the snapshot: kind, migrations, counts, files with SHA-256', async () => {
    expect(loadWrites).toBeGreaterThan(0);
    expect(manifest).toMatchObject({ format: 'veritas-backup', version: 1, database: { kind, file: kind === 'sqlite' ? 'database.sqlite' : 'database.sql' } });
    expect(manifest.database.method).toBe(kind === 'sqlite' ? 'sqlite-backup' : 'mysqldump');
    expect(manifest.migrations.length).toBeGreaterThan(10);
    expect(manifest.tables.clientes).toBeGreaterThanOrEqual(1);
    expect(manifest.tables.registros).toBeGreaterThanOrEqual(1);
    expect(manifest.tables.mail_attachments).toBeGreaterThanOrEqual(1);
    // Every document row has its file in the backup, and the counts agree.
    expect(manifest.references.filter((r) => r.startsWith('store/'))).toHaveLength(manifest.tables.documentos);
    const files = new Map(manifest.files.map((f) => [f.path, f]));
    for (const r of manifest.references) expect(files.has(r)).toBe(true);
    const doc = manifest.files.find((f) => f.path.endsWith(`/${documentoId}`))!;
    expect(doc).toMatchObject({ size: pdf.length, sha256: sha(pdf) });
    expect(manifest.files.some((f) => f.path.startsWith('mail/files/') && f.sha256 === sha(attachment))).toBe(true);
    expect(sha(fs.readFileSync(path.join(backupDir, manifest.database.file)))).toBe(manifest.database.sha256);
  });

  it('restored into a fresh DATA_DIR (and a fresh database), the built product serves the same data byte for byte', async () => {
    const { dataDir, url, env } = await freshTarget();
    const run = await cli(['restore', '--from', backupDir], env);
    expect([run.code, run.out]).toEqual([0, expect.stringContaining('Restauração concluída')]);

    // Every row count and every file checksum of the manifest.
    expect(await countsOf(kind, dataDir, url)).toEqual(manifest.tables);
    if (url) {
      // The suffix index came back without stopwords: "com" (on InnoDB's list) of the client's e-mail is found.
      const conn = await createConnection(url);
      try {
        const [rows] = await conn.query("SELECT COUNT(*) AS n FROM clientes_sufixos WHERE MATCH (sufixos) AGAINST ('+com*' IN BOOLEAN MODE)");
        expect(Number((rows as { n: number }[])[0].n)).toBeGreaterThan(0);
      } finally {
        await conn.end();
      }
    }
    for (const f of manifest.files) expect([f.path, sha(fs.readFileSync(restoredPath(dataDir, f.path)))]).toEqual([f.path, f.sha256]);

    const app = await startApp({ dataDir, env: url ? { DATABASE_URL: url } : {} });
    try {
      await signIn(app.baseUrl, '/api/auth/login', app.masterEmail, app.masterPassword);
      const clienteToken = await signIn(app.baseUrl, '/api/clientes/login', cliente.email, cliente.password);
      expect((await download(app.baseUrl, `/api/documentos/${documentoId}/download`, clienteToken)).equals(pdf)).toBe(true);

      const dir = await signIn(app.baseUrl, '/api/auth/login', 'dir.ana@veritas.com.br', 'Equipe!2026');
      const msg = (await fetchJson(app.baseUrl, '/api/emails/inbox', dir)).data.find((m: any) => m.subject === 'Balanço para o backup');
      const detail = await fetchJson(app.baseUrl, `/api/emails/message/${msg._id}`, dir);
      expect((await download(app.baseUrl, `/api/emails/attachment/${detail.data.attachments[0].id}`, dir)).equals(attachment)).toBe(true);
    } finally {
      await app.stop();
    }

    // The target is no longer empty: refused without --force, replaced with it.
    const again = await cli(['restore', '--from', backupDir], env);
    expect(again.code).toBe(1);
    expect(again.out).toContain('O destino não está vazio');
    expect(again.out).toContain('--force');
    const forced = await cli(['restore', '--from', backupDir, '--force'], env);
    expect([forced.code, forced.out]).toEqual([0, expect.stringContaining('Restauração concluída')]);
    expect(await countsOf(kind, dataDir, url)).toEqual(manifest.tables);
  });

  it('a corrupted file in the backup is detected by its checksum and nothing is restored', async () => {
    const copy = path.join(tmpDir('veritas-bk-corrupt-'), 'backup');
    cleanup.push(() => fs.rmSync(path.dirname(copy), { recursive: true, force: true }));
    fs.cpSync(backupDir, copy, { recursive: true });
    const doc = manifest.files.find((f) => f.path.endsWith(`/${documentoId}`))!;
    const file = path.join(copy, 'files', ...doc.path.split('/'));
    const bytes = fs.readFileSync(file);
    bytes[1000] ^= 0xff;
    fs.writeFileSync(file, bytes);
    const { dataDir, env } = await freshTarget();
    const run = await cli(['restore', '--from', copy], env);
    expect(run.code).toBe(1);
    expect(run.out).toContain('corrompido');
    expect(run.out).toContain(doc.path);
    expect(fs.existsSync(path.join(dataDir, 'app.sqlite'))).toBe(false);
    expect((await cli(['restore', '--from', copy, '--verificar'], {})).code).toBe(1);
    expect((await cli(['restore', '--from', backupDir, '--verificar'], {})).code).toBe(0);
  });

  it('backup refuses a destination that is not empty', async () => {
    const run = await cli(['backup', '--to', backupDir], { DATA_DIR: api.dataDir, DATABASE_URL: sourceUrl });
    expect(run.code).toBe(1);
    expect(run.out).toContain('não está vazia');
  });

  if (kind === 'mysql') {
    it('without the mysql tools: the Node dump (one REPEATABLE READ snapshot) and the Node replay restore the same counts', async () => {
      const dir = path.join(tmpDir('veritas-bk-node-'), 'backup');
      cleanup.push(() => fs.rmSync(path.dirname(dir), { recursive: true, force: true }));
      const made = await cli(['backup', '--to', dir], { DATA_DIR: api.dataDir, DATABASE_URL: sourceUrl, BACKUP_MYSQL_TOOLS: 'node' });
      expect([made.code, made.out]).toEqual([0, expect.stringContaining('(node)')]);
      const m: BackupManifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
      // Its own dump, and mariadb-dump's, each replayed statement by statement in Node (no mysql client).
      for (const [from, tables] of [[dir, m.tables], [backupDir, manifest.tables]] as const) {
        const target = await freshTarget({ BACKUP_MYSQL_TOOLS: 'node' });
        const run = await cli(['restore', '--from', from], target.env);
        expect([run.code, run.out]).toEqual([0, expect.stringContaining('(Node)')]);
        expect(await countsOf('mysql', target.dataDir, target.url)).toEqual(tables);
      }
    });
  }
});

describe('scheduled backups (BACKUP_DIR, BACKUP_CRON, BACKUP_KEEP)', () => {
  let api: TestApi;
  let dir: string;
  beforeAll(async () => {
    dir = tmpDir('veritas-bk-cron-');
    api = await TestApi.start('sqlite', { BACKUP_DIR: dir, BACKUP_CRON: '0 3 * * *', BACKUP_KEEP: '2' });
    await api.withStaff();
  });
  afterAll(async () => {
    await api?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the clock fires at the next 03:00 in São Paulo; each run backs up and keeps the newest two', async () => {
    const tarefas = (await api.get('/api/tarefas', 'master')).body.data.tarefas as { nome: string; cron: string; proximaExecucao: string }[];
    const backup = tarefas.find((t) => t.nome === 'Backup')!;
    expect(backup.cron).toBe('0 3 * * *');
    const next = new Date(backup.proximaExecucao);
    expect(next.toISOString()).toMatch(/T06:00:00\.000Z$/);
    expect(next.getTime() - Date.now()).toBeGreaterThan(0);
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);

    const job = api.app.get(BackupJob);
    const day = (d: number, hh: string) => new Date(`2026-11-${String(d).padStart(2, '0')}T${hh}-03:00`);
    const made: string[] = [];
    for (const d of [10, 11, 12]) made.push(path.basename(await job.runOnce(day(d, '03:00:30'))));
    expect(made).toEqual(['veritas-20261110-060030', 'veritas-20261111-060030', 'veritas-20261112-060030']);
    expect(fs.readdirSync(dir).sort()).toEqual(made.slice(1));
    expect(fs.existsSync(path.join(dir, made[2], 'manifest.json'))).toBe(true);
  });

  it('a bad BACKUP_CRON stops the start-up with a clear message', async () => {
    const { loadConfig } = await import('../../backend/src/platform/config/config');
    expect(() => loadConfig({ DATA_DIR: dir, BACKUP_DIR: dir, BACKUP_CRON: 'toda noite' })).toThrow(/BACKUP_CRON "toda noite" não é uma expressão cron válida/);
    // Both clocks must read it: "L" (last day of the month) is BullMQ's (cron-parser) but not the process's own (cron).
    expect(() => loadConfig({ DATA_DIR: dir, BACKUP_DIR: dir, BACKUP_CRON: '0 3 L * *' })).toThrow(/BACKUP_CRON "0 3 L \* \*" não é uma expressão cron válida/);
    expect(() => loadConfig({ DATA_DIR: dir, BACKUP_CRON: '0 3 * * *' })).toThrow(/BACKUP_CRON exige BACKUP_DIR/);
  });
});

describe('backup and restore with documents in an S3-compatible bucket (STORAGE=s3)', () => {
  let server: LocalS3;
  let api: TestApi;
  let backupDir: string;
  const s3Env = (bucket: string) => server.env(bucket);
  let cliente: { email: string; password: string };

  beforeAll(async () => {
    server = await startS3(['origem', 'destino']);
    api = await TestApi.start('sqlite', s3Env('origem'));
    const f = clienteFixture();
    cliente = { email: f.email, password: f.password };
    expect((await api.post('/api/clientes/register', f)).status).toBe(201);
    await api.loginCliente('cliente', f.email, f.password);
    backupDir = path.join(tmpDir('veritas-bk-s3-'), 'backup');
  });
  afterAll(async () => {
    await api?.stop();
    await server?.stop();
    if (backupDir) fs.rmSync(path.dirname(backupDir), { recursive: true, force: true });
  });

  it('copies the bucket into the backup and restores it into an empty bucket; a non-empty bucket is refused', async () => {
    const pdf = Buffer.concat([samplePdf(), randomBytes(100_000)]);
    const up = await upload(api.baseUrl, api.token.cliente, pdf, 'no-bucket.pdf');
    expect(up.status).toBe(201);
    const id = up.id!;

    const made = await cli(['backup', '--to', backupDir], { DATA_DIR: api.dataDir, ...s3Env('origem') });
    expect([made.code, made.out]).toEqual([0, expect.stringContaining('Backup completo')]);
    const m: BackupManifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
    expect(m.storage).toBe('s3');
    expect(m.files.find((f) => f.path.endsWith(`/${id}`))).toMatchObject({ size: pdf.length, sha256: sha(pdf) });
    // The audit chain's signed checkpoints are objects of the bucket too: every backup carries them (ADR 0009).
    expect(m.files.some((f) => f.path.startsWith('store/auditoria/pontos/'))).toBe(true);

    const dataDir = tmpDir('veritas-restored-');
    try {
      const env = { DATA_DIR: dataDir, ...s3Env('destino') };
      const run = await cli(['restore', '--from', backupDir], env);
      expect([run.code, run.out]).toEqual([0, expect.stringContaining('Restauração concluída')]);
      // Nothing of the documents on the local disk: they went to the bucket.
      expect(fs.readdirSync(path.join(dataDir, 'arquivos')).filter((n) => n !== '.tmp')).toEqual([]);
      const app = await startApp({ dataDir, env: s3Env('destino') });
      try {
        const token = await signIn(app.baseUrl, '/api/clientes/login', cliente.email, cliente.password);
        expect((await download(app.baseUrl, `/api/documentos/${id}/download`, token)).equals(pdf)).toBe(true);
      } finally {
        await app.stop();
      }
      // The restored app's database is in place now and the bucket holds the document (and the checkpoints): refused.
      const again = await cli(['restore', '--from', backupDir], env);
      expect(again.code).toBe(1);
      expect(again.out).toMatch(/O destino não está vazio \(.*\d+ arquivo\(s\) no armazenamento de documentos/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

