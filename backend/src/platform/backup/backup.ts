import { createHash, randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Database from 'better-sqlite3';
import type { AppConfig } from '../config';
import { createDocumentStorage, type DocumentStorage, MailFiles, S3DocumentStorage } from '../storage';
import { dropMysqlTables, dumpMysql, dumpSqlite, DumpFacts, FileReference, mysqlCounts, mysqlTables, restoreMysql, sqliteFacts } from './database-dump';
import { stillReferenced } from './database-dump';

/**
 * Backups that restore (issue 16). A backup is a folder:
 *   manifest.json        written last: its presence means the backup is complete
 *   database.sqlite      SQLite's online backup of DATA_DIR/app.sqlite, or
 *   database.sql         mysqldump --single-transaction (or the Node equivalent) of DATABASE_URL
 *   files/store/<key>    every object of the document storage (local disk or S3 bucket)
 *   files/mail/<path>    the mailbox's files (bodies, attachments, pending outbox payloads)
 * The database is snapshotted first, then the files are copied: a file written after the snapshot
 * may be in or out, but every file a row of the snapshot points at must be in, or the backup fails —
 * unless the live database no longer has the row either (deleted during the copy): then the file is
 * left out and listed in the manifest (`removidosDuranteACopia`).
 */
export const MANIFEST = 'manifest.json';
export const FORMAT = 'veritas-backup';

/** Columns whose values name stored files. */
export const FILE_REFERENCES: FileReference[] = [
  { table: 'documentos', column: 'storageKey', area: 'store' },
  { table: 'mail_messages', column: 'bodyFile', area: 'mail' }, // '' for a body kept in its row
  { table: 'mail_attachments', column: 'storedName', area: 'mail' },
  { table: 'mail_outbox', column: 'payloadFile', area: 'mail', pendingOnly: true },
];

export interface ManifestFile {
  /** Relative to files/: "store/<storage key>" or "mail/<path under DATA_DIR/mail>". */
  path: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof FORMAT;
  version: 1;
  appVersion: string;
  createdAt: string;
  database: { kind: 'sqlite' | 'mysql'; method: DumpFacts['method']; file: string; size: number; sha256: string };
  migrations: string[];
  /** Rows per table, counted in the snapshot. */
  tables: Record<string, number>;
  /** Where the documents were kept (a backup restores into either). */
  storage: 'local' | 's3';
  files: ManifestFile[];
  /** Paths (as in files) that rows of the snapshot point at; every one is in files. */
  references: string[];
  /**
   * Paths rows of the snapshot pointed at whose files were deleted during the copy, their rows gone
   * from the live database too (issue 55): not in the backup; a restore has those rows without them.
   */
  removidosDuranteACopia?: string[];
}

/** A refusal or failure to report as it is (pt-BR), without a stack. */
export class BackupError extends Error {}

type Log = (line: string) => void;

function appVersion(): string {
  try {
    return JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8')).version;
  } catch {
    return 'desconhecida';
  }
}

async function hashCopy(input: Readable, dest: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  await fsp.mkdir(path.dirname(dest), { recursive: true, mode: 0o700 });
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(input, tap, fs.createWriteStream(dest, { flags: 'wx', mode: 0o600, flush: true }));
  return { size, sha256: hash.digest('hex') };
}

async function hashOf(input: Readable): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of input) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

const hashFile = (file: string) => hashOf(fs.createReadStream(file));

const isNotFound = (err: unknown) => {
  const e = err as { code?: string; name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.code === 'ENOENT' || e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/** Every object of the document storage, whatever its prefix. */
async function* storeKeys(storage: DocumentStorage, config: AppConfig): AsyncIterable<string> {
  if (storage instanceof S3DocumentStorage) {
    const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
    const bucket = config.storage.kind === 's3' ? config.storage.s3.bucket : '';
    let token: string | undefined;
    do {
      const page = await storage.client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key) yield o.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return;
  }
  const root = path.join(config.dataDir, 'arquivos');
  const tops = await fsp.readdir(root, { withFileTypes: true }).catch(() => [] as fs.Dirent[]);
  for (const top of tops) {
    if (!top.isDirectory() || top.name.startsWith('.')) continue;
    for await (const f of storage.list(top.name)) yield f.key;
  }
}

/** The mailbox's kept files (files/ and outbox/; tmp/ holds only work in progress), relative to DATA_DIR/mail. */
async function mailPaths(mailRoot: string): Promise<string[]> {
  const out: string[] = [];
  for (const sub of ['files', 'outbox']) {
    const base = path.join(mailRoot, sub);
    const entries = await fsp.readdir(base, { recursive: true, withFileTypes: true }).catch(() => [] as fs.Dirent[]);
    for (const e of entries) {
      if (e.isFile()) out.push(path.relative(mailRoot, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
    }
  }
  return out.sort();
}

interface Places {
  storage: DocumentStorage;
  mail: MailFiles;
  close(): void;
}

function places(config: AppConfig): Places {
  const storage = createDocumentStorage(config);
  return { storage, mail: new MailFiles(config, storage), close: () => (storage instanceof S3DocumentStorage ? storage.close() : undefined) };
}

/** Where a referenced name lives in the backup's files/ tree. */
function referencePath(mail: MailFiles, ref: FileReference, name: string): string {
  if (ref.area === 'store') return `store/${name}`;
  // With STORAGE=s3 the mail files are objects of the bucket (mail/…), copied with it under store/.
  if (mail.remote) return `store/${mail.keyOf(name)}`;
  return `mail/${path.relative(mail.root, mail.pathOf(name)).split(path.sep).join('/')}`;
}

async function assertEmptyFolder(dir: string): Promise<void> {
  const entries = await fsp.readdir(dir).catch((err) => {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  });
  if (entries.length) throw new BackupError(`A pasta de destino ${dir} não está vazia: escolha uma pasta nova ou vazia para o backup.`);
}

/** Takes a backup of the configured database and files into `dir` (new or empty). */
export async function createBackup(config: AppConfig, dir: string, log: Log = () => undefined): Promise<BackupManifest> {
  dir = path.resolve(dir);
  if (config.database.type === 'sqlite' && !fs.existsSync(config.database.file)) {
    throw new BackupError(`Não há banco de dados em ${config.database.file}: confira DATA_DIR (e DATABASE_URL, se o produto usa MySQL/MariaDB).`);
  }
  await assertEmptyFolder(dir);
  await fsp.mkdir(path.join(dir, 'files'), { recursive: true, mode: 0o700 });
  const p = places(config);
  try {
    // 1. The database snapshot, first.
    const dbFile = config.database.type === 'sqlite' ? 'database.sqlite' : 'database.sql';
    const dbPath = path.join(dir, dbFile);
    const facts = config.database.type === 'sqlite' ? await dumpSqlite(config.database.file, dbPath, FILE_REFERENCES) : await dumpMysql(config.database.url, dbPath, FILE_REFERENCES);
    await fsp.chmod(dbPath, 0o600);
    const dbHash = await hashFile(dbPath);
    log(`Banco de dados copiado (${facts.method}): ${Object.keys(facts.tables).length} tabelas, ${Object.values(facts.tables).reduce((a, b) => a + b, 0)} linhas.`);

    // 2. Then every stored file, streamed and hashed on the way.
    const files: ManifestFile[] = [];
    const copy = async (rel: string, open: () => Promise<Readable>) => {
      try {
        files.push({ path: rel, ...(await hashCopy(await open(), path.join(dir, 'files', ...rel.split('/')))) });
      } catch (err) {
        // Deleted between the listing and the copy: only a problem if the snapshot points at it (checked below).
        if (!isNotFound(err)) throw err;
        await fsp.rm(path.join(dir, 'files', ...rel.split('/')), { force: true });
      }
    };
    for await (const key of storeKeys(p.storage, config)) await copy(`store/${key}`, () => p.storage.openRead(key));
    for (const rel of await mailPaths(p.mail.root)) await copy(`mail/${rel}`, async () => (await fsp.open(path.join(p.mail.root, ...rel.split('/')), 'r')).createReadStream());
    log(`Arquivos copiados: ${files.length} (${files.reduce((a, f) => a + f.size, 0)} bytes).`);

    // 3. Every file a row of the snapshot points at must be here, unless its row is gone from the
    // live database too (deleted during the copy): then it is left out and listed (issue 55).
    const have = new Set(files.map((f) => f.path));
    const named = new Map<string, { ref: FileReference; name: string }>();
    // An empty name is no file (a mail body kept in its row).
    for (const { ref, names } of facts.references) for (const n of names) if (n) named.set(referencePath(p.mail, ref, n), { ref, name: n });
    const missing = [...named.keys()].filter((r) => !have.has(r));
    const removed = new Set<string>();
    for (const ref of FILE_REFERENCES) {
      const gone = missing.filter((r) => named.get(r)!.ref === ref);
      if (!gone.length) continue;
      const live = await stillReferenced(config.database, ref, gone.map((r) => named.get(r)!.name));
      for (const r of gone) if (!live.has(named.get(r)!.name)) removed.add(r);
    }
    const lost = missing.filter((r) => !removed.has(r));
    if (lost.length) {
      throw new BackupError(`Backup incompleto: ${lost.length} arquivo(s) citados pelo banco não foram encontrados (${lost.slice(0, 5).join(', ')}${lost.length > 5 ? ', …' : ''}). Verifique o armazenamento e tente de novo.`);
    }
    if (removed.size) log(`${removed.size} arquivo(s) apagado(s) durante a cópia, com os seus registros: fora do backup e listados no manifesto.`);
    const references = [...named.keys()].filter((r) => !removed.has(r)).sort();

    const manifest: BackupManifest = {
      format: FORMAT,
      version: 1,
      appVersion: appVersion(),
      createdAt: new Date().toISOString(),
      database: { kind: config.database.type, method: facts.method, file: dbFile, ...dbHash },
      migrations: facts.migrations,
      tables: facts.tables,
      storage: config.storage.kind,
      files: files.sort((a, b) => a.path.localeCompare(b.path)),
      references,
      removidosDuranteACopia: [...removed].sort(),
    };
    // Written last, through a temporary name: a folder with a manifest is a complete backup.
    const tmp = path.join(dir, `${MANIFEST}.tmp`);
    await fsp.writeFile(tmp, JSON.stringify(manifest, null, 2) + '\n', { mode: 0o600, flush: true });
    await fsp.rename(tmp, path.join(dir, MANIFEST));
    return manifest;
  } finally {
    p.close();
  }
}

async function readManifest(dir: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await fsp.readFile(path.join(dir, MANIFEST), 'utf8'));
  } catch {
    throw new BackupError(`${dir} não contém um backup completo (falta ${MANIFEST} ou ele está ilegível).`);
  }
  if (manifest.format !== FORMAT || manifest.version !== 1) throw new BackupError(`${MANIFEST} em ${dir} não é de um backup do Veritas nesta versão.`);
  return manifest;
}

/** The file of the backup under files/, refusing any path that would leave the folder. */
function backupFile(dir: string, rel: string): string {
  if (!/^(store|mail)\/[A-Za-z0-9._/-]+$/.test(rel) || rel.split('/').some((s) => s === '..' || s === '.' || !s)) throw new BackupError(`Caminho inválido no ${MANIFEST}: ${rel}`);
  return path.join(dir, 'files', ...rel.split('/'));
}

/** Checks every checksum of a backup folder; answers its manifest, or refuses naming what is wrong. */
export async function verifyBackup(dir: string): Promise<BackupManifest> {
  dir = path.resolve(dir);
  const manifest = await readManifest(dir);
  const problems: string[] = [];
  const check = async (label: string, file: string, want: { size: number; sha256: string }) => {
    try {
      const got = await hashFile(file);
      if (got.sha256 !== want.sha256 || got.size !== want.size) problems.push(`${label}: checksum diferente do manifesto`);
    } catch (err) {
      problems.push(isNotFound(err) ? `${label}: arquivo ausente` : `${label}: ${(err as Error).message}`);
    }
  };
  await check(manifest.database.file, path.join(dir, manifest.database.file), manifest.database);
  for (const f of manifest.files) await check(f.path, backupFile(dir, f.path), f);
  const listed = new Set(manifest.files.map((f) => f.path));
  for (const r of manifest.references) if (!listed.has(r)) problems.push(`${r}: citado pelo banco, mas fora do backup`);
  if (problems.length) {
    throw new BackupError(`O backup em ${dir} está corrompido ou incompleto; nada foi restaurado. ${problems.length} problema(s): ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? '; …' : ''}`);
  }
  return manifest;
}

export interface RestoreResult {
  manifest: BackupManifest;
  files: number;
  method: string;
}

/**
 * Restores a verified backup into the configured target (DATA_DIR / DATABASE_URL / bucket), which
 * must be empty unless `force` (then what is there is replaced). The product must be stopped.
 * Checksums are verified before anything is written, and again on what was written.
 */
export async function restoreBackup(config: AppConfig, dir: string, options: { force?: boolean; log?: Log } = {}): Promise<RestoreResult> {
  const log = options.log ?? (() => undefined);
  dir = path.resolve(dir);
  const manifest = await verifyBackup(dir);
  log(`Backup verificado: ${manifest.files.length} arquivo(s) e o banco conferem com o manifesto.`);
  if (manifest.database.kind !== config.database.type) {
    throw new BackupError(`O backup é de ${manifest.database.kind === 'sqlite' ? 'SQLite' : 'MySQL/MariaDB'}, mas o destino configurado é ${config.database.type === 'sqlite' ? 'SQLite' : 'MySQL/MariaDB'}: restaure com a mesma configuração de banco.`);
  }
  const p = places(config);
  try {
    // What the target already holds.
    const sqliteFile = config.database.type === 'sqlite' ? config.database.file : null;
    const occupied: string[] = [];
    if (sqliteFile) {
      if (fs.existsSync(sqliteFile) && fs.statSync(sqliteFile).size > 0) occupied.push(`o banco ${sqliteFile}`);
    } else if ((await mysqlTables((config.database as { url: string }).url)).length) {
      occupied.push(`o banco ${mysqlTargetName(config)}`);
    }
    const storeKeysNow: string[] = [];
    for await (const key of storeKeys(p.storage, config)) storeKeysNow.push(key);
    if (storeKeysNow.length) occupied.push(`${storeKeysNow.length} arquivo(s) no armazenamento de documentos`);
    const mailNow = await mailPaths(p.mail.root);
    if (mailNow.length) occupied.push(`${mailNow.length} arquivo(s) de e-mail em ${p.mail.root}`);
    if (occupied.length && !options.force) {
      throw new BackupError(`O destino não está vazio (${occupied.join(', ')}). Nada foi alterado. Para substituir o que existe pelo backup, repita com --force.`);
    }
    if (occupied.length) {
      log(`--force: substituindo ${occupied.join(', ')}.`);
      if (sqliteFile) for (const f of [sqliteFile, `${sqliteFile}-wal`, `${sqliteFile}-shm`]) await fsp.rm(f, { force: true });
      else await dropMysqlTables((config.database as { url: string }).url);
      for (const key of storeKeysNow) await p.storage.delete(key);
      for (const rel of mailNow) await fsp.rm(path.join(p.mail.root, ...rel.split('/')), { force: true });
    }

    // The database.
    const dump = path.join(dir, manifest.database.file);
    let method: string;
    let counts: Record<string, number>;
    if (sqliteFile) {
      const tmp = `${sqliteFile}.restaurando`;
      await fsp.rm(tmp, { force: true });
      const copied = await hashCopy(fs.createReadStream(dump), tmp);
      if (copied.sha256 !== manifest.database.sha256) throw new BackupError('O banco copiado não confere com o manifesto; nada foi ativado.');
      const db = new Database(tmp, { readonly: true });
      try {
        counts = sqliteFacts(db, []).tables;
      } finally {
        db.close();
      }
      await fsp.rename(tmp, sqliteFile);
      method = 'cópia do arquivo SQLite';
    } else {
      const url = (config.database as { url: string }).url;
      method = (await restoreMysql(url, dump)) === 'client' ? 'cliente mysql' : 'Node';
      counts = await mysqlCounts(url);
    }
    const wrong = Object.entries(manifest.tables).filter(([t, n]) => counts[t] !== n);
    if (wrong.length) throw new BackupError(`Contagens diferentes do manifesto após restaurar: ${wrong.map(([t, n]) => `${t} ${counts[t] ?? 'ausente'}≠${n}`).join(', ')}`);
    log(`Banco restaurado (${method}): ${Object.keys(counts).length} tabelas conferem com o manifesto.`);

    // The files, each checked after it is in place.
    for (const f of manifest.files) {
      const src = backupFile(dir, f.path);
      if (f.path.startsWith('store/')) {
        const key = f.path.slice('store/'.length);
        const tmp = path.join(p.storage.tempDir, `${randomUUID()}.restaurando`);
        const copied = await hashCopy(fs.createReadStream(src), tmp);
        if (copied.sha256 !== f.sha256) throw new BackupError(`${f.path}: a cópia não confere com o manifesto.`);
        await p.storage.putFile(key, tmp);
        const back = await hashOf(await p.storage.openRead(key));
        if (back.sha256 !== f.sha256) throw new BackupError(`${f.path}: o armazenamento devolveu bytes diferentes do backup.`);
      } else {
        const rel = f.path.slice('mail/'.length);
        const target = path.join(p.mail.root, ...rel.split('/'));
        const tmp = p.mail.tmpPath();
        const copied = await hashCopy(fs.createReadStream(src), tmp);
        if (copied.sha256 !== f.sha256) throw new BackupError(`${f.path}: a cópia não confere com o manifesto.`);
        await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
        await fsp.rename(tmp, target);
        if ((await hashFile(target)).sha256 !== f.sha256) throw new BackupError(`${f.path}: o arquivo restaurado não confere com o manifesto.`);
      }
    }
    log(`Arquivos restaurados: ${manifest.files.length}, todos conferidos.`);
    return { manifest, files: manifest.files.length, method };
  } finally {
    p.close();
  }
}

function mysqlTargetName(config: AppConfig): string {
  return config.database.type === 'mysql' ? new URL(config.database.url).pathname.slice(1) : '';
}
