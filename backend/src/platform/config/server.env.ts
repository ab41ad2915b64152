import * as os from 'node:os';
import * as path from 'node:path';
import { z } from 'zod';
import { given, int, oneOf, switchedOn, text } from './env';

export type DatabaseConfig = { type: 'sqlite'; file: string } | { type: 'mysql'; url: string };

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  /** SQLite only: worker threads with a read-only connection each (SQLITE_READERS; 0 = reads on the writer). */
  sqliteReaders: number;
  /** Whether what is derived from the data is kept under its tables' versions (DATA_VERSIONS; off: made at every request). */
  dataVersions: boolean;
  /** Folder that holds the front ends' builds (public-site/dist, admin/dist, client-portal/dist). */
  webRoot: string;
  hashCost: 'default' | 'fast';
  /** LOG_FORMAT: `text` (Nest's lines, the default) or `json` (one object per line, for a log collector). */
  logFormat: 'text' | 'json';
  /** TRUST_PROXY: the client's address is X-Forwarded-For's last hop (behind one reverse proxy); off, the socket's. */
  trustProxy: boolean;
}

/** DATABASE_URL: unset → SQLite under DATA_DIR; mysql:// or mariadb:// naming the database. */
const databaseUrl = given.superRefine((url, ctx) => {
  if (url === undefined) return;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'DATABASE_URL inválida: use mysql://usuario:senha@host:porta/banco ou deixe vazia para SQLite.' });
    return;
  }
  if (parsed.protocol !== 'mysql:' && parsed.protocol !== 'mariadb:') {
    ctx.addIssue({ code: 'custom', message: `DATABASE_URL: protocolo "${parsed.protocol}" não suportado; use mysql:// (MySQL ou MariaDB).` });
  } else if (!parsed.pathname || parsed.pathname === '/') {
    ctx.addIssue({ code: 'custom', message: 'DATABASE_URL deve indicar o banco de dados, por exemplo mysql://root@127.0.0.1:3306/veritas.' });
  }
});

/** Where the built front ends are, by default the repository root (four levels above this file's build). */
const REPOSITORY_ROOT = path.join(__dirname, '..', '..', '..', '..');

export const serverEnv = z
  .object({
    PORT: int('PORT', 3000, 0, 65535),
    HOST: text('127.0.0.1'),
    DATA_DIR: text('./data').transform((dir) => path.resolve(dir)),
    DATABASE_URL: databaseUrl,
    SQLITE_READERS: int('SQLITE_READERS', os.availableParallelism(), 0, 64),
    DATA_VERSIONS: switchedOn,
    WEB_ROOT: given,
    PASSWORD_HASH_COST: given,
    TRUST_PROXY: given.transform((v) => /^(1|true|sim|on|yes)$/i.test(v ?? '')),
    LOG_FORMAT: oneOf(['text', 'json'], 'text', (v) => `LOG_FORMAT deve ser "text" ou "json" (recebido: "${v}").`),
  })
  .transform(
    (env): ServerConfig => ({
      port: env.PORT,
      host: env.HOST,
      dataDir: env.DATA_DIR,
      database: env.DATABASE_URL ? { type: 'mysql', url: env.DATABASE_URL.replace(/^mariadb:/, 'mysql:') } : { type: 'sqlite', file: path.join(env.DATA_DIR, 'app.sqlite') },
      sqliteReaders: env.SQLITE_READERS,
      dataVersions: env.DATA_VERSIONS,
      webRoot: path.resolve(env.WEB_ROOT ?? REPOSITORY_ROOT),
      hashCost: env.PASSWORD_HASH_COST === 'fast' ? 'fast' : 'default',
      logFormat: env.LOG_FORMAT,
      trustProxy: env.TRUST_PROXY,
    }),
  );
