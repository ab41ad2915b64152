import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { clienteFixture } from './api';

export const ROOT = path.resolve(__dirname, '..', '..');
export const SERVER_ENTRY = path.join(ROOT, 'backend', 'dist', 'main.js');
export const UI_MASTER_PASSWORD = 'Master!2026pw';

export interface RunningApp {
  baseUrl: string;
  masterEmail: string;
  masterPassword: string;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  stop(): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * The built product (node backend/dist/main.js) as a person meets it: its own port, a fresh
 * DATA_DIR (SQLite unless env gives DATABASE_URL) and a known master password.
 */
export async function startApp(opts: { env?: Record<string, string>; dataDir?: string; timeoutMs?: number } = {}): Promise<RunningApp> {
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} não existe: rode "npm run build" antes.`);
  const port = await freePort();
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'veritas-ui-'));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    MASTER_PASSWORD: UI_MASTER_PASSWORD,
    PASSWORD_HASH_COST: 'fast',
    SMTP_PORT: '0',
    NO_COLOR: '1',
    // The suites register many clients from 127.0.0.1; the limit's own test sets it low.
    REGISTER_RATE_PER_IP: '100000',
    ...opts.env,
  };
  const child = spawn(process.execPath, [SERVER_ENTRY], { env, cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 30_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`o servidor terminou (código ${child.exitCode}):\n${out}`);
    try {
      const r = await fetch(`${baseUrl}/api/health`);
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`o servidor não respondeu a tempo:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    baseUrl,
    masterEmail: `${env.MASTER_USERNAME ?? 'master'}@${env.MAIL_DOMAIN ?? 'veritas.com.br'}`,
    masterPassword: env.MASTER_PASSWORD,
    dataDir,
    process: child,
    output: () => out,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** Registers a client company through the public API; returns what it takes to sign in. */
export async function registerCliente(baseUrl: string, overrides: Record<string, string> = {}) {
  const body = { ...clienteFixture(), ...overrides };
  const r = await fetch(`${baseUrl}/api/clientes/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (r.status !== 201) throw new Error(`cadastro falhou: ${r.status} ${await r.text()}`);
  const { data } = await r.json();
  return { email: body.email, password: body.password, cnpj: data.cnpj as string, razaoSocial: body.razaoSocial, id: data._id as string };
}
