import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkPasswordPolicy, FirmConfig, firmFromEnv, isValidEmail } from '@veritas/common';

export type DatabaseConfig =
  | { type: 'sqlite'; file: string }
  | { type: 'mysql'; url: string };

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  jwtSecret: string;
  jwtExpiresIn: string;
  mailDomain: string;
  master: { username: string; name: string; password: string | null };
  firm: FirmConfig;
  /** Folder that holds the front ends' builds (public-site/dist, admin/dist, client-portal/dist). */
  webRoot: string;
  hashCost: 'default' | 'fast';
  login: { maxFailuresPerEmail: number; maxFailuresPerIp: number; windowMs: number };
}

export const APP_CONFIG = Symbol('APP_CONFIG');

/** Start-up stops with this error; main.ts prints its message alone, without a stack. */
export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

const DURATION = /^\d+[smhd]?$/;
const USERNAME = /^[a-z0-9][a-z0-9._-]{1,39}$/;

function intVar(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} deve ser um número inteiro entre ${min} e ${max} (recebido: "${raw}").`);
  }
  return n;
}

function databaseFrom(env: Env, dataDir: string): DatabaseConfig {
  const url = env.DATABASE_URL?.trim();
  if (!url) return { type: 'sqlite', file: path.join(dataDir, 'app.sqlite') };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError('DATABASE_URL inválida: use mysql://usuario:senha@host:porta/banco ou deixe vazia para SQLite.');
  }
  if (parsed.protocol !== 'mysql:' && parsed.protocol !== 'mariadb:') {
    throw new ConfigError(`DATABASE_URL: protocolo "${parsed.protocol}" não suportado; use mysql:// (MySQL ou MariaDB).`);
  }
  if (!parsed.pathname || parsed.pathname === '/') {
    throw new ConfigError('DATABASE_URL deve indicar o banco de dados, por exemplo mysql://root@127.0.0.1:3306/veritas.');
  }
  return { type: 'mysql', url: url.replace(/^mariadb:/, 'mysql:') };
}

/** JWT_SECRET from the environment, else one generated once and kept in DATA_DIR. */
function jwtSecretFrom(env: Env, dataDir: string): string {
  const given = env.JWT_SECRET?.trim();
  if (given) {
    if (given.length < 32) throw new ConfigError('JWT_SECRET deve ter pelo menos 32 caracteres.');
    return given;
  }
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

export function loadConfig(env: Env = process.env): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR?.trim() || './data');
  try {
    fs.mkdirSync(dataDir, { recursive: true });
  } catch (err) {
    throw new ConfigError(`DATA_DIR "${dataDir}" não pôde ser criado: ${(err as Error).message}`);
  }

  const jwtExpiresIn = env.JWT_EXPIRES_IN?.trim() || '8h';
  if (!DURATION.test(jwtExpiresIn)) {
    throw new ConfigError('JWT_EXPIRES_IN deve ser um número de segundos ou uma duração como 30m, 8h ou 7d.');
  }

  const mailDomain = (env.MAIL_DOMAIN?.trim() || 'veritas.com.br').toLowerCase();
  const masterUsername = (env.MASTER_USERNAME?.trim() || 'master').toLowerCase();
  if (!USERNAME.test(masterUsername)) {
    throw new ConfigError('MASTER_USERNAME deve ter de 2 a 40 letras minúsculas, números, ponto, hífen ou sublinhado.');
  }
  if (!isValidEmail(`${masterUsername}@${mailDomain}`)) {
    throw new ConfigError(`MAIL_DOMAIN "${mailDomain}" não forma endereços de e-mail válidos.`);
  }

  const masterPassword = env.MASTER_PASSWORD || null;
  const weak = masterPassword ? checkPasswordPolicy(masterPassword) : null;
  if (weak) throw new ConfigError(`MASTER_PASSWORD não atende à política de senhas: ${weak}.`);

  return {
    port: intVar(env, 'PORT', 3000, 0, 65535),
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir,
    database: databaseFrom(env, dataDir),
    jwtSecret: jwtSecretFrom(env, dataDir),
    jwtExpiresIn,
    mailDomain,
    master: {
      username: masterUsername,
      name: env.MASTER_NAME?.trim() || 'Administrador Master',
      password: masterPassword,
    },
    firm: firmFromEnv(env),
    webRoot: path.resolve(env.WEB_ROOT?.trim() || path.join(__dirname, '..', '..', '..')),
    hashCost: env.PASSWORD_HASH_COST === 'fast' ? 'fast' : 'default',
    login: {
      maxFailuresPerEmail: intVar(env, 'LOGIN_MAX_FAILURES_PER_EMAIL', 5, 1, 1000),
      maxFailuresPerIp: intVar(env, 'LOGIN_MAX_FAILURES_PER_IP', 50, 1, 100000),
      windowMs: intVar(env, 'LOGIN_WINDOW_MINUTES', 15, 1, 1440) * 60_000,
    },
  };
}
