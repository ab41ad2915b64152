import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../../backend/src/bootstrap';
import { loadConfig } from '../../backend/src/platform/config/config';
import { createTestDatabase, DbKind } from './db';

export const MASTER_PASSWORD = 'Master!2026pw';

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** The whole Nest app, in this process, listening on a free port, on a fresh real database. */
export class TestApi {
  token: Record<string, string> = {};
  private constructor(
    readonly app: NestFastifyApplication,
    readonly baseUrl: string,
    readonly dataDir: string,
    private readonly dropDb: () => Promise<void>,
    readonly databaseUrl: string | undefined = undefined,
    private readonly owner = true,
  ) {}

  static async start(kind: DbKind, env: Record<string, string> = {}): Promise<TestApi> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veritas-api-'));
    const db = await createTestDatabase(kind);
    return TestApi.boot(dataDir, db.url, db.drop, env);
  }

  /**
   * Another app instance on `other`'s database and data directory (its JWT secret too): a second
   * replica, or the same one started again. Stopping it leaves the database and the directory to `other`.
   */
  static beside(other: TestApi, env: Record<string, string> = {}): Promise<TestApi> {
    return TestApi.boot(other.dataDir, other.databaseUrl, async () => undefined, env, false);
  }

  private static async boot(dataDir: string, databaseUrl: string | undefined, dropDb: () => Promise<void>, env: Record<string, string>, owner = true): Promise<TestApi> {
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      MASTER_PASSWORD,
      PASSWORD_HASH_COST: 'fast',
      SMTP_PORT: '0',
      WEB_ROOT: path.join(dataDir, 'no-web'),
      // The suites register many clients from 127.0.0.1; the limit's own test sets it low.
      REGISTER_RATE_PER_IP: '100000',
      ...env,
    });
    const app = await createApp(config, false);
    await app.listen(0, '127.0.0.1');
    const address = app.getHttpServer().address() as import('node:net').AddressInfo;
    return new TestApi(app, `http://127.0.0.1:${address.port}`, dataDir, dropDb, databaseUrl, owner);
  }

  async stop(): Promise<void> {
    await this.app.close();
    await this.release();
  }

  /** What stop() does after closing the app, for a test that closed it itself (a restart): the database and the directory go. */
  async release(): Promise<void> {
    await this.dropDb();
    if (this.owner) fs.rmSync(this.dataDir, { recursive: true, force: true });
  }

  async call<T = any>(method: string, url: string, opts: { body?: unknown; token?: string; as?: string; headers?: Record<string, string> } = {}): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    const token = opts.token ?? (opts.as ? this.token[opts.as] : undefined);
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (opts.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    }
    const res = await fetch(this.baseUrl + url, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get = <T = any>(url: string, as?: string) => this.call<T>('GET', url, { as });
  post = <T = any>(url: string, body: unknown, as?: string) => this.call<T>('POST', url, { body, as });
  put = <T = any>(url: string, body: unknown, as?: string) => this.call<T>('PUT', url, { body, as });
  del = <T = any>(url: string, as?: string) => this.call<T>('DELETE', url, { as });

  /** Signs in as staff and remembers the token under `name`. */
  async loginStaff(name: string, email: string, password: string): Promise<any> {
    const r = await this.post('/api/auth/login', { email, password });
    if (r.status !== 200) throw new Error(`login ${email}: ${r.status} ${JSON.stringify(r.body)}`);
    this.token[name] = r.body.token;
    return r.body.user;
  }

  async loginCliente(name: string, email: string, password: string): Promise<any> {
    const r = await this.post('/api/clientes/login', { email, password });
    if (r.status !== 200) throw new Error(`cliente login ${email}: ${r.status} ${JSON.stringify(r.body)}`);
    this.token[name] = r.body.token;
    return r.body.data;
  }

  /** master, plus a diretoria and an associado created by it; tokens under those names. */
  async withStaff(): Promise<Record<'master' | 'diretoria' | 'associado', any>> {
    const master = await this.loginStaff('master', 'master@veritas.com.br', MASTER_PASSWORD);
    const make = async (name: string, username: string, permissions: string[], isAdmin: boolean) => {
      const r = await this.post('/api/users', { username, nomeCompleto: `Pessoa ${username}`, password: 'Equipe!2026', isAdmin, permissions }, 'master');
      if (r.status !== 201) throw new Error(`create ${username}: ${r.status} ${JSON.stringify(r.body)}`);
      return this.loginStaff(name, r.body.data.email, 'Equipe!2026');
    };
    return { master, diretoria: await make('diretoria', 'dir.ana', ['Diretoria'], true), associado: await make('associado', 'assoc.bruno', ['Associados'], false) };
  }

  /**
   * withStaff plus a financeiro, a suporte (form roles of §3.4) and a second associado; tokens under
   * those names (`associado2` for the colleague).
   */
  async withEveryRole(): Promise<Record<'master' | 'diretoria' | 'associado' | 'associado2' | 'financeiro' | 'suporte', any>> {
    const staff = await this.withStaff();
    const make = async (name: string, username: string, permissions: string[]) => {
      const r = await this.post('/api/users', { username, nomeCompleto: `Pessoa ${username}`, password: 'Equipe!2026', isAdmin: false, permissions }, 'master');
      if (r.status !== 201) throw new Error(`create ${username}: ${r.status} ${JSON.stringify(r.body)}`);
      return this.loginStaff(name, r.body.data.email, 'Equipe!2026');
    };
    return {
      ...staff,
      associado2: await make('associado2', 'assoc.carla', ['Associados']),
      financeiro: await make('financeiro', 'fin.dora', ['Financeiro']),
      suporte: await make('suporte', 'sup.edu', ['Suporte']),
    };
  }

  /** Registers a client company and signs it in under `name`. */
  async withCliente(name = 'cliente', overrides: Record<string, unknown> = {}): Promise<any> {
    const body = { ...clienteFixture(), ...overrides };
    const r = await this.post('/api/clientes/register', body);
    if (r.status !== 201) throw new Error(`register: ${r.status} ${JSON.stringify(r.body)}`);
    await this.loginCliente(name, body.email as string, body.password as string);
    return r.body.data;
  }
}

let seq = 0;
/** A valid client registration with a fresh CNPJ and e-mail each time. */
export function clienteFixture(): Record<string, string> {
  seq += 1;
  const base = `${String(Date.now() % 1e6).padStart(6, '0')}${String(seq % 100).padStart(2, '0')}0001`;
  return {
    razaoSocial: `Empresa Teste ${seq} Ltda`,
    nomeFantasia: `Teste ${seq}`,
    cnpj: withCheckDigits(base),
    email: `empresa${seq}.${Date.now()}@exemplo.com.br`,
    password: 'Cliente!2026',
    telefone: '(11) 3333-4444',
    cep: '01310-100',
    cidade: 'São Paulo',
    estado: 'SP',
  };
}

let cpfSeq = 0;
/** A CPF with valid check digits (mod 11) no other call of this run makes: the founder of a company in formation. */
export function cpfFixture(): string {
  cpfSeq += 1;
  const nine = `${String(Date.now() % 1e6).padStart(6, '0')}${String(cpfSeq % 1000).padStart(3, '0')}`.slice(-9);
  const digit = (s: string) => {
    let sum = 0;
    for (let i = 0; i < s.length; i++) sum += Number(s[i]) * (s.length + 1 - i);
    const r = (sum * 10) % 11;
    return String(r === 10 ? 0 : r);
  };
  const ten = nine + digit(nine);
  return ten + digit(ten);
}

function withCheckDigits(base12: string): string {
  const { cnpjCheckDigits } = require('@veritas/common') as typeof import('@veritas/common');
  return base12 + cnpjCheckDigits(base12);
}
