import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createConnection } from 'mysql2/promise';
import { freePort } from './server';

/**
 * A MariaDB server of the test's own (Debian's mariadbd on a fresh datadir, root without a
 * password, TCP on 127.0.0.1 only), for tests that kill and restart the database: the machine's
 * shared server is never touched.
 */
export class PrivateMariaDb {
  private child: ChildProcess | null = null;
  private log = '';

  private constructor(
    readonly dir: string,
    readonly port: number,
    private readonly args: string[],
  ) {}

  static available(): boolean {
    return ['mariadbd', 'mariadb-install-db'].every((bin) => {
      try {
        execFileSync('sh', ['-c', `command -v ${bin} || test -x /usr/sbin/${bin}`], { stdio: 'ignore' });
        return true;
      } catch {
        return false;
      }
    });
  }

  /** `args`: more mariadbd options (`--log-bin` replaces the default `--skip-log-bin`). */
  static async create(args: string[] = []): Promise<PrivateMariaDb> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'veritas-mariadb-'));
    // A temporary folder of its own: mariadbd deletes every #sql* file in its tmpdir when it starts
    // (install-db's bootstrap too), and in the shared /tmp those are the machine's server's live
    // temporary tables (a suite on it failed with "Error on delete of '/tmp/#sql-temptable-…MAI'").
    const tmpdir = tmpdirOf(dir);
    fs.mkdirSync(tmpdir);
    execFileSync(
      'mariadb-install-db',
      ['--no-defaults', `--datadir=${path.join(dir, 'data')}`, '--auth-root-authentication-method=normal', '--user=root', '--skip-test-db'],
      { stdio: 'ignore', env: { ...process.env, TMPDIR: tmpdir, PATH: `${process.env.PATH}:/usr/sbin:/usr/bin` } },
    );
    const db = new PrivateMariaDb(dir, await freePort(), args);
    await db.start();
    return db;
  }

  get url(): string {
    return `mysql://root@127.0.0.1:${this.port}`;
  }

  /** Starts mariadbd on the datadir and waits until it answers. */
  async start(): Promise<void> {
    const tmpdir = tmpdirOf(this.dir);
    const bin = fs.existsSync('/usr/sbin/mariadbd') ? '/usr/sbin/mariadbd' : 'mariadbd';
    const child = spawn(
      bin,
      [
        '--no-defaults',
        `--datadir=${path.join(this.dir, 'data')}`,
        `--socket=${path.join(this.dir, 'mysqld.sock')}`,
        `--pid-file=${path.join(this.dir, 'mysqld.pid')}`,
        `--tmpdir=${tmpdir}`,
        `--port=${this.port}`,
        '--bind-address=127.0.0.1',
        '--user=root',
        '--skip-name-resolve',
        ...(this.args.some((a) => a.startsWith('--log-bin')) ? [] : ['--skip-log-bin']),
        '--innodb-buffer-pool-size=32M',
        '--max-connections=200',
        ...this.args,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, TMPDIR: tmpdir } },
    );
    child.stdout!.on('data', (d) => (this.log += d));
    child.stderr!.on('data', (d) => (this.log += d));
    this.child = child;
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`mariadbd terminou (código ${child.exitCode}):\n${this.log.slice(-3000)}`);
      try {
        const c = await createConnection({ host: '127.0.0.1', port: this.port, user: 'root', connectTimeout: 1000 });
        await c.query('SELECT 1');
        await c.end();
        return;
      } catch {
        if (Date.now() > deadline) throw new Error(`mariadbd não respondeu a tempo:\n${this.log.slice(-3000)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  /** kill -9: no shutdown, whatever was in flight is cut. */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async createDatabase(name: string): Promise<string> {
    const c = await createConnection({ host: '127.0.0.1', port: this.port, user: 'root' });
    await c.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await c.end();
    return `${this.url}/${name}`;
  }

  async query<T = any>(database: string, sql: string, params: unknown[] = []): Promise<T[]> {
    const c = await createConnection({ host: '127.0.0.1', port: this.port, user: 'root', database });
    try {
      const [rows] = await c.query(sql, params);
      return rows as T[];
    } finally {
      await c.end();
    }
  }

  async destroy(): Promise<void> {
    await this.kill();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The private server's temporary folder, inside its own folder. */
const tmpdirOf = (dir: string) => path.join(dir, 'tmp');
