import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import * as mysql from 'mysql2';
import type { Connection } from 'mysql2';
import { scanMysqlDump } from './mysql-dump-scan';

/** A column whose values name a stored file; `pendingOnly`: only rows still waiting (the outbox). */
export interface FileReference {
  table: string;
  column: string;
  area: 'store' | 'mail';
  pendingOnly?: boolean;
}

/** What the snapshot holds, read from the snapshot itself (never from the live database). */
export interface DumpFacts {
  method: 'sqlite-backup' | 'mysqldump' | 'node';
  tables: Record<string, number>;
  migrations: string[];
  /** Per reference, the file names the snapshot's rows point at. */
  references: { ref: FileReference; names: string[] }[];
}

const quoteSqlite = (name: string) => `"${name.replace(/"/g, '""')}"`;

// ---------- SQLite

/**
 * SQLite's online backup API on a connection of our own to the live file: pages are copied while
 * the app goes on writing (WAL), and the copy is one consistent state. The copy is then switched
 * to rollback-journal mode, so it is one self-contained file whose checksum stays put.
 */
export async function dumpSqlite(liveFile: string, out: string, references: FileReference[]): Promise<DumpFacts> {
  const live = new Database(liveFile, { fileMustExist: true });
  try {
    live.pragma('busy_timeout = 10000');
    await live.backup(out);
  } finally {
    live.close();
  }
  const copy = new Database(out);
  try {
    copy.pragma('journal_mode = DELETE');
    return { method: 'sqlite-backup', ...sqliteFacts(copy, references) };
  } finally {
    copy.close();
  }
}

/** Counts, migrations and file references of an SQLite database (the backup copy, or a restored one). */
export function sqliteFacts(db: Database.Database, references: FileReference[]): Omit<DumpFacts, 'method'> {
  const names = (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).all() as { name: string }[]).map((r) => r.name);
  const tables: Record<string, number> = {};
  for (const name of names) tables[name] = Number((db.prepare(`SELECT COUNT(*) AS n FROM ${quoteSqlite(name)}`).get() as { n: number }).n);
  const migrations = names.includes('migrations') ? (db.prepare('SELECT name FROM migrations ORDER BY id').all() as { name: string }[]).map((r) => r.name) : [];
  return {
    tables,
    migrations,
    references: references.map((ref) => ({
      ref,
      names: names.includes(ref.table)
        ? (db.prepare(`SELECT ${quoteSqlite(ref.column)} AS v FROM ${quoteSqlite(ref.table)} WHERE ${quoteSqlite(ref.column)} IS NOT NULL${ref.pendingOnly ? ` AND status = 'pending'` : ''}`).all() as { v: string }[]).map((r) => r.v)
        : [],
    })),
  };
}

// ---------- MySQL / MariaDB

interface MysqlTarget {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
}

export function mysqlTarget(url: string): MysqlTarget {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.replace(/^\//, '')),
  };
}

/** The first of `names` found on PATH, or null; BACKUP_MYSQL_TOOLS=node forces the Node way. */
export function findTool(names: string[]): string | null {
  if (process.env.BACKUP_MYSQL_TOOLS?.trim().toLowerCase() === 'node') return null;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    for (const name of names) {
      const full = path.join(dir, name);
      try {
        fs.accessSync(full, fs.constants.X_OK);
        return full;
      } catch {
        /* not here */
      }
    }
  }
  return null;
}

function run(cmd: string, args: string[], env: Record<string, string>, stdin?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: [stdin ? 'pipe' : 'ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr!.on('data', (d) => (err = (err + d).slice(-4000)));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)} terminou com código ${code}: ${err.trim()}`))));
    if (stdin) {
      const input = fs.createReadStream(stdin);
      input.on('error', reject);
      child.stdin!.on('error', () => undefined);
      input.pipe(child.stdin!);
    }
  });
}

function connect(url: string, extra: mysql.ConnectionOptions = {}): Connection {
  return mysql.createConnection({ uri: url, charset: 'utf8mb4_unicode_ci', dateStrings: true, supportBigNumbers: true, bigNumberStrings: true, ...extra });
}

function query<T = any>(conn: Connection, sql: string, params: unknown[] = []): Promise<T> {
  return new Promise((resolve, reject) => conn.query(sql, params, (err, rows) => (err ? reject(err) : resolve(rows as T))));
}

const end = (conn: Connection) => new Promise<void>((resolve) => conn.end(() => resolve()));

/**
 * mysqldump/mariadb-dump with --single-transaction (one consistent snapshot, no locks held on
 * InnoDB tables) when on PATH; otherwise the Node equivalent (dumpMysqlNode). Counts, migrations
 * and file references are then read from the dump file itself: the same snapshot.
 */
export async function dumpMysql(url: string, out: string, references: FileReference[]): Promise<DumpFacts> {
  const tool = findTool(['mariadb-dump', 'mysqldump']);
  const t = mysqlTarget(url);
  if (tool) {
    await run(
      tool,
      [`--host=${t.host}`, `--port=${t.port}`, `--user=${t.user}`, '--single-transaction', '--routines', '--triggers', '--hex-blob', '--complete-insert', '--no-tablespaces', '--default-character-set=utf8mb4', '--skip-dump-date', `--result-file=${out}`, t.database],
      { MYSQL_PWD: t.password },
    );
  } else {
    await dumpMysqlNode(url, out);
  }
  const wanted: Record<string, string[]> = { migrations: ['name'] };
  for (const r of references) wanted[r.table] = [...new Set([...(wanted[r.table] ?? []), r.column, ...(r.pendingOnly ? ['status'] : [])])];
  const scan = await scanMysqlDump(out, wanted);
  const col = (table: string, column: string) => scan.values[table]?.[column] ?? [];
  return {
    method: tool ? 'mysqldump' : 'node',
    tables: scan.tables,
    migrations: col('migrations', 'name'),
    references: references.map((ref) => {
      const names = col(ref.table, ref.column);
      const status = col(ref.table, 'status');
      return { ref, names: ref.pendingOnly ? names.filter((_, i) => status[i] === 'pending') : names };
    }),
  };
}

const ROWS_PER_INSERT = 200;

/**
 * The Node equivalent of `mysqldump --single-transaction --complete-insert --hex-blob`: one
 * REPEATABLE READ transaction WITH CONSISTENT SNAPSHOT reads every base table (the schema from
 * SHOW CREATE TABLE, then the rows streamed), written as SQL that `mysql` or restoreMysql replays.
 * The product defines no triggers, routines or views on MySQL, so tables are the whole database.
 */
export async function dumpMysqlNode(url: string, out: string): Promise<void> {
  const conn = connect(url);
  const file = fs.createWriteStream(out, { mode: 0o600 });
  const write = (s: string) => new Promise<void>((resolve, reject) => (file.write(s, (err) => (err ? reject(err) : resolve()))));
  try {
    await query(conn, `SET SESSION time_zone = '+00:00'`);
    await query(conn, 'SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    await query(conn, 'START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY');
    const tables = (await query<Record<string, string>[]>(conn, `SHOW FULL TABLES WHERE Table_type = 'BASE TABLE'`)).map((r) => Object.values(r)[0]);
    await write(`-- Veritas: dump do MySQL/MariaDB (equivalente Node do mysqldump --single-transaction)\nSET NAMES utf8mb4;\nSET time_zone = '+00:00';\nSET FOREIGN_KEY_CHECKS = 0;\nSET UNIQUE_CHECKS = 0;\nSET SQL_MODE = 'NO_AUTO_VALUE_ON_ZERO';\n`);
    for (const table of tables) {
      const id = mysql.escapeId(table);
      const [create] = await query<Record<string, string>[]>(conn, `SHOW CREATE TABLE ${id}`);
      await write(`\nDROP TABLE IF EXISTS ${id};\n${create['Create Table']};\n`);
      await new Promise<void>((resolve, reject) => {
        const stream = conn.query({ sql: `SELECT * FROM ${id}`, rowsAsArray: true });
        let columns = '';
        let batch: string[] = [];
        const flush = async () => {
          if (batch.length) await write(`INSERT INTO ${id} (${columns}) VALUES ${batch.join(',')};\n`);
          batch = [];
        };
        stream.on('fields', (fields: { name: string }[]) => (columns = fields.map((f) => mysql.escapeId(f.name)).join(', ')));
        stream.on('result', (row: unknown[]) => {
          batch.push(`(${row.map((v) => mysql.escape(v as mysql.SqlValue)).join(',')})`);
          if (batch.length >= ROWS_PER_INSERT) {
            conn.pause();
            flush().then(() => conn.resume(), reject);
          }
        });
        stream.on('error', reject);
        stream.on('end', () => flush().then(resolve, reject));
      });
    }
    await write('\nSET FOREIGN_KEY_CHECKS = 1;\nSET UNIQUE_CHECKS = 1;\n');
    await query(conn, 'COMMIT');
  } finally {
    await end(conn);
    await new Promise((resolve) => file.end(resolve));
  }
}

/** Base tables (and views) in the target database; the database is created when missing. */
export async function mysqlTables(url: string): Promise<string[]> {
  const t = mysqlTarget(url);
  const server = new URL(url);
  server.pathname = '/';
  const conn = connect(server.toString());
  try {
    await query(conn, `CREATE DATABASE IF NOT EXISTS ${mysql.escapeId(t.database)} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    const rows = await query<{ name: string }[]>(conn, 'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ?', [t.database]);
    return rows.map((r) => r.name);
  } finally {
    await end(conn);
  }
}

export async function dropMysqlTables(url: string): Promise<void> {
  const conn = connect(url);
  try {
    await query(conn, 'SET FOREIGN_KEY_CHECKS = 0');
    const rows = await query<{ name: string; type: string }[]>(conn, 'SELECT table_name AS name, table_type AS type FROM information_schema.tables WHERE table_schema = DATABASE()');
    for (const r of rows) await query(conn, `DROP ${r.type === 'VIEW' ? 'VIEW' : 'TABLE'} IF EXISTS ${mysql.escapeId(r.name)}`);
  } finally {
    await end(conn);
  }
}

/** Row counts of every table of a MySQL database (after a restore, to compare with the manifest). */
export async function mysqlCounts(url: string): Promise<Record<string, number>> {
  const conn = connect(url);
  try {
    const out: Record<string, number> = {};
    const tables = (await query<Record<string, string>[]>(conn, `SHOW FULL TABLES WHERE Table_type = 'BASE TABLE'`)).map((r) => Object.values(r)[0]);
    for (const table of tables) out[table] = Number((await query<{ n: string }[]>(conn, `SELECT COUNT(*) AS n FROM ${mysql.escapeId(table)}`))[0].n);
    return out;
  } finally {
    await end(conn);
  }
}

/**
 * The suffix indexes' FULLTEXT keys are created without stopwords (sufixos-index.ts: "com", "de" are words
 * of names and e-mails); the setting is read when a dump's CREATE TABLE builds the key again.
 */
const NO_STOPWORDS = 'SET SESSION innodb_ft_enable_stopword = OFF';

/** Replays a dump into the (empty) target: the mysql/mariadb client when on PATH, else statement by statement in Node. */
export async function restoreMysql(url: string, dump: string): Promise<'client' | 'node'> {
  const tool = findTool(['mariadb', 'mysql']);
  const t = mysqlTarget(url);
  if (tool) {
    await run(tool, [`--host=${t.host}`, `--port=${t.port}`, `--user=${t.user}`, '--default-character-set=utf8mb4', '--binary-mode', `--init-command=${NO_STOPWORDS}`, t.database], { MYSQL_PWD: t.password }, dump);
    return 'client';
  }
  const conn = connect(url);
  try {
    await query(conn, NO_STOPWORDS);
    for await (const statement of sqlStatements(dump)) await query(conn, statement);
  } finally {
    await end(conn);
  }
  return 'node';
}

/**
 * The statements of a dump, one at a time: split at the delimiter outside quotes and comments,
 * honouring `DELIMITER` lines as the mysql client does; comment-only lines and MariaDB's
 * client-side sandbox line are skipped.
 */
export async function* sqlStatements(file: string): AsyncGenerator<string> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  let delimiter = ';';
  let current = '';
  let quote: string | null = null;
  let blockComment = false;
  for await (const line of lines) {
    if (!current && !quote && !blockComment) {
      const trimmed = line.trim();
      const d = /^DELIMITER\s+(\S+)/i.exec(trimmed);
      if (d) {
        delimiter = d[1];
        continue;
      }
      if (!trimmed || trimmed.startsWith('-- ') || trimmed === '--' || trimmed.startsWith('/*M!999999')) continue;
    }
    let start = 0;
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (blockComment) {
        if (c === '*' && line[i + 1] === '/') {
          blockComment = false;
          i++;
        }
      } else if (quote) {
        if (c === '\\' && quote !== '`') i++;
        else if (c === quote) quote = null;
      } else if (c === "'" || c === '"' || c === '`') quote = c;
      else if (c === '/' && line[i + 1] === '*' && line[i + 2] !== '!') {
        blockComment = true;
        i++;
      } else if (line.startsWith(delimiter, i)) {
        const statement = (current + line.slice(start, i)).trim();
        current = '';
        start = i + delimiter.length;
        i = start - 1;
        if (statement) yield statement;
      }
    }
    const rest = line.slice(start);
    if (rest.trim() || current) current += rest + '\n';
  }
  if (current.trim()) yield current.trim();
}

function createReadStream(file: string) {
  return fs.createReadStream(file, { encoding: 'utf8' });
}

/**
 * Of `names` a reference column held in the snapshot, those the live database still holds now
 * (issue 55): a file missing from the copy whose row was deleted meanwhile is no loss.
 */
export async function stillReferenced(database: { type: 'sqlite'; file: string } | { type: 'mysql'; url: string }, ref: FileReference, names: string[]): Promise<Set<string>> {
  const where = `= ?${ref.pendingOnly ? ` AND status = 'pending'` : ''}`;
  const out = new Set<string>();
  if (database.type === 'sqlite') {
    const db = new Database(database.file, { readonly: true, fileMustExist: true });
    try {
      const stmt = db.prepare(`SELECT 1 FROM ${quoteSqlite(ref.table)} WHERE ${quoteSqlite(ref.column)} ${where} LIMIT 1`);
      for (const n of names) if (stmt.get(n)) out.add(n);
    } finally {
      db.close();
    }
    return out;
  }
  const conn = connect(database.url);
  try {
    for (const n of names) {
      if ((await query<unknown[]>(conn, `SELECT 1 FROM ${mysql.escapeId(ref.table)} WHERE ${mysql.escapeId(ref.column)} ${where} LIMIT 1`, [n])).length) out.add(n);
    }
  } finally {
    await end(conn);
  }
  return out;
}
