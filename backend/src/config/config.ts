import type { S3Settings } from '../storage/s3.storage';
import { CronExpressionParser } from 'cron-parser';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { checkPasswordPolicy, DEFAULT_AUDIT_RETENTION_DAYS, FirmConfig, firmFromEnv, isValidEmail, PrivacyConfig, privacyFromEnv, SERVICOS_CATALOGO, SLA_PADRAO_DIAS_UTEIS } from '@veritas/common';

export type DatabaseConfig =
  | { type: 'sqlite'; file: string }
  | { type: 'mysql'; url: string };

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  /** SQLite only: worker threads with a read-only connection each (SQLITE_READERS; 0 = reads on the writer). */
  sqliteReaders: number;
  jwtSecret: string;
  jwtExpiresIn: string;
  mailDomain: string;
  master: { username: string; name: string; password: string | null };
  firm: FirmConfig;
  /** The privacy notice's encarregado and the contact messages' retention (issue 16). */
  privacy: PrivacyConfig;
  /** Folder that holds the front ends' builds (public-site/dist, admin/dist, client-portal/dist). */
  webRoot: string;
  hashCost: 'default' | 'fast';
  /** Sign-in throttle (issue 9): free failures per e-mail, then a doubling delay; failures per IP per window. */
  login: { maxFailuresPerEmail: number; maxFailuresPerIp: number; windowMs: number; delayBaseMs: number; maxDelayMs: number };
  /** The staff mailbox (issue 4): the SMTP listener, the relay for outside mail, limits. */
  mail: MailConfig;
  /** CNPJ (CNPJá-compatible) and CEP (ViaCEP-compatible) lookups, proxied and cached by the server. */
  lookup: {
    cnpjApiUrl: string;
    cnpjApiKey: string | null;
    cnpjCacheDays: number;
    cnpjRatePerMinute: number;
    /** Of those, kept for the staff: the public lookups use at most the rest (at least 1). */
    cnpjStaffReservedPerMinute: number;
    cnpjQueueMs: number;
    cepApiUrl: string;
    timeoutMs: number;
    perIpPerMinute: number;
  };
  /** Registros and documents (issue 6): upload bound and deadlines in business days. */
  registros: RegistrosConfig;
  /** The public contact form (issue 5): where its messages are delivered, and its per-IP limit. */
  contact: { inbox: string; perIpPerHour: number };
  /** The public client registration (issue 9): attempts per IP per hour. */
  clientes: { registerPerIpPerHour: number };
  /** Password recovery (issue 5): requests per IP and mails per address, per hour. */
  passwordReset: { perIpPerHour: number; perEmailPerHour: number };
  /** Finanças (issue 12): when charges are made, their due date, reminders and the firm's PIX. */
  financas: FinancasConfig;
  /** Many replicas (issue 15): shared Redis for the rate limits (REDIS_URL, keys under REDIS_PREFIX); the metrics token. */
  scale: { redisUrl: string | null; redisPrefix: string; metricsToken: string | null; shutdownDrainMs: number; backgroundJobs: boolean };
  /** Recurring jobs with REDIS_URL (BullMQ): tries of a failing run, and the first wait between them (doubling). */
  jobs: { attempts: number; backoffMs: number };
  /** Where documents live (issue 15): the local disk under DATA_DIR, or an S3-compatible bucket (STORAGE=s3). */
  storage: { kind: 'local' } | { kind: 's3'; s3: S3Settings };
  /** The audit trail (issue 16): entries older than this many days are removed by a job. */
  audit: { retentionDays: number };
  /** Scheduled backups (issue 16): into BACKUP_DIR on the BACKUP_CRON schedule, the newest BACKUP_KEEP kept. */
  backup: BackupConfig;
}

export interface BackupConfig {
  dir: string | null;
  /** A cron expression (5 fields, or 6 with seconds); null: no scheduled backups. */
  cron: string | null;
  keep: number;
}

/** BACKUP_CRON is read on the firm's clock. */
export const BACKUP_TZ = 'America/Sao_Paulo';

/** BACKUP_DIR, BACKUP_CRON (checked here, so a typo stops the start-up), BACKUP_KEEP. */
function backupConfigFrom(env: Env): BackupConfig {
  const dir = env.BACKUP_DIR?.trim() ? path.resolve(env.BACKUP_DIR.trim()) : null;
  const cron = env.BACKUP_CRON?.trim() || null;
  if (cron) {
    if (!dir) throw new ConfigError('BACKUP_CRON exige BACKUP_DIR (a pasta onde os backups agendados são gravados).');
    try {
      CronExpressionParser.parse(cron, { tz: BACKUP_TZ });
    } catch (err) {
      throw new ConfigError(`BACKUP_CRON "${cron}" não é uma expressão cron válida (por exemplo "0 3 * * *" para todo dia às 3h): ${(err as Error).message}`);
    }
  }
  return { dir, cron, keep: intVar(env, 'BACKUP_KEEP', 7, 1, 10000) };
}

export interface FinancasConfig {
  /** A registro's charge is made when it is opened (default) or when it is concluded. */
  cobrarEm: 'abertura' | 'conclusao';
  /** Due date: this many calendar days after the charge is made. */
  vencimentoDias: number;
  /** Reminder days relative to the due date (−3 = three days before). */
  lembretes: number[];
  /** The firm's static PIX: key, beneficiary name and city (reduced to ASCII when the code is made). */
  pix: { chave: string; nome: string; cidade: string };
}

/** FINANCAS_* and FIRM_PIX_* (defaults fit a development start). */
export function financasConfigFrom(env: Env, firm: FirmConfig): FinancasConfig {
  const cobrarEm = env.FINANCAS_COBRAR_EM?.trim() || 'abertura';
  if (cobrarEm !== 'abertura' && cobrarEm !== 'conclusao') {
    throw new ConfigError(`FINANCAS_COBRAR_EM deve ser "abertura" ou "conclusao" (recebido: "${cobrarEm}").`);
  }
  const rawLembretes = env.FINANCAS_LEMBRETES?.trim() ?? '-3,0,3,7';
  const lembretes = rawLembretes === '' ? [] : rawLembretes.split(',').map((d) => d.trim());
  if (lembretes.some((d) => !/^[-+]?\d{1,3}$/.test(d) || Math.abs(Number(d)) > 365)) {
    throw new ConfigError(`FINANCAS_LEMBRETES: use dias relativos ao vencimento separados por vírgula, de -365 a 365, por exemplo "-3,0,3,7" (recebido: "${rawLembretes}").`);
  }
  return {
    cobrarEm,
    vencimentoDias: intVar(env, 'FINANCAS_VENCIMENTO_DIAS', 7, 0, 365),
    lembretes: [...new Set(lembretes.map(Number))].sort((a, b) => a - b),
    pix: {
      chave: env.FIRM_PIX_KEY?.trim() || firm.email,
      nome: env.FIRM_PIX_NOME?.trim() || firm.brandName,
      cidade: env.FIRM_PIX_CIDADE?.trim() || firm.city,
    },
  };
}

export interface RegistrosConfig {
  /** Largest document upload, in bytes. */
  docMaxBytes: number;
  /** Service-level time in business days per catalogue service code (defaults from @veritas/common). */
  slaDiasUteis: Record<string, number>;
  /** For a client type's own service that matches no catalogue service. */
  slaPadraoDiasUteis: number;
}

export interface MailConfig {
  /** 0: no SMTP listener. */
  smtpPort: number;
  smtpHost: string;
  /** Largest message accepted (SMTP, and the attachments of one message sent from the panel). */
  maxBytes: number;
  /** Outside mail goes through this relay (nodemailer URL); null: only internal delivery works. */
  relayUrl: string | null;
  /** The outbox's first retry wait; later waits grow in proportion (OUTBOX_RETRY_BASE_MS, default 30 s). */
  outboxRetryBaseMs: number;
  quotaBytes: number;
  /**
   * MAIL_SPOOL: when a message received over SMTP may be answered 250 once spooled (its raw bytes
   * committed) and stored into the inboxes right after: 'auto' while the listener is busy with
   * others (the default), 'always', or 'off' (every message stored before its 250).
   */
  spool: 'auto' | 'always' | 'off';
  /** MAIL_SPOOL_WAIT_MS: how long spooled messages may wait for a quiet moment before they are stored anyway (5 s: docs/decisions.md). */
  spoolWaitMs: number;
  /** STARTTLS on the listener when both are set (PEM contents, read at start-up). */
  tls: { key: Buffer; cert: Buffer } | null;
}

export const APP_CONFIG = Symbol('APP_CONFIG');

function storageFrom(env: Env): AppConfig['storage'] {
  const kind = (env.STORAGE?.trim() || 'local').toLowerCase();
  if (kind === 'local') return { kind: 'local' };
  if (kind !== 's3') throw new ConfigError(`STORAGE "${env.STORAGE}" inválido: use local ou s3.`);
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) throw new ConfigError('STORAGE=s3 exige S3_BUCKET.');
  return {
    kind: 's3',
    s3: {
      endpoint: env.S3_ENDPOINT?.trim() || null,
      bucket,
      region: env.S3_REGION?.trim() || 'us-east-1',
      accessKeyId: env.S3_ACCESS_KEY_ID?.trim() || null,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY?.trim() || null,
      forcePathStyle: env.S3_FORCE_PATH_STYLE?.trim() === 'true',
    },
  };
}

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

/** An http(s) base URL without a trailing slash (the paths are appended to it). */
function httpUrlVar(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} inválida: use um endereço http(s)://, por exemplo ${fallback}.`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError(`${name}: protocolo "${parsed.protocol}" não suportado; use http:// ou https://.`);
  }
  return raw.replace(/\/+$/, '');
}

const MB = 1024 * 1024;

function mailConfigFrom(env: Env): MailConfig {
  const relay = env.SMTP_URL?.trim() || null;
  if (relay) {
    let parsed: URL;
    try {
      parsed = new URL(relay);
    } catch {
      throw new ConfigError('SMTP_URL inválida: use smtp://usuario:senha@host:587 ou smtps://usuario:senha@host:465.');
    }
    if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') {
      throw new ConfigError(`SMTP_URL: protocolo "${parsed.protocol}" não suportado; use smtp:// ou smtps://.`);
    }
  }
  const keyFile = env.SMTP_TLS_KEY?.trim();
  const certFile = env.SMTP_TLS_CERT?.trim();
  if (!keyFile !== !certFile) throw new ConfigError('SMTP_TLS_KEY e SMTP_TLS_CERT devem ser informados juntos (ou nenhum dos dois).');
  const read = (name: string, file: string) => {
    try {
      return fs.readFileSync(file);
    } catch (err) {
      throw new ConfigError(`${name}: não foi possível ler "${file}": ${(err as Error).message}`);
    }
  };
  return {
    smtpPort: intVar(env, 'SMTP_PORT', 2525, 0, 65535),
    smtpHost: env.SMTP_HOST?.trim() || '127.0.0.1',
    maxBytes: intVar(env, 'MAIL_MAX_BYTES', 25 * MB, 1024, 1024 * MB),
    relayUrl: relay,
    outboxRetryBaseMs: intVar(env, 'OUTBOX_RETRY_BASE_MS', 30_000, 100, 3_600_000),
    quotaBytes: intVar(env, 'MAIL_QUOTA_BYTES', 15 * 1024 * MB, MB, Number.MAX_SAFE_INTEGER),
    spool: spoolMode(env.MAIL_SPOOL),
    spoolWaitMs: intVar(env, 'MAIL_SPOOL_WAIT_MS', 5000, 0, 3_600_000),
    tls: keyFile && certFile ? { key: read('SMTP_TLS_KEY', keyFile), cert: read('SMTP_TLS_CERT', certFile) } : null,
  };
}

function spoolMode(value: string | undefined): MailConfig['spool'] {
  const mode = (value?.trim() || 'auto').toLowerCase();
  if (mode === 'auto' || mode === 'always' || mode === 'off') return mode;
  throw new ConfigError(`MAIL_SPOOL "${value}" inválido: use auto, always ou off.`);
}

/** SLA_DIAS_UTEIS="abertura-empresas=20,certidao-simplificada=2" overrides the catalogue's defaults. */
function registrosConfigFrom(env: Env): RegistrosConfig {
  const sla: Record<string, number> = Object.fromEntries(SERVICOS_CATALOGO.map((s) => [s.codigo, s.slaDiasUteis]));
  const raw = env.SLA_DIAS_UTEIS?.trim();
  for (const pair of raw ? raw.split(/[,;]/) : []) {
    const m = /^\s*([a-z0-9-]+)\s*=\s*(\d{1,3})\s*$/.exec(pair);
    if (!m || !Object.hasOwn(sla, m[1]) || Number(m[2]) < 1 || Number(m[2]) > 365) {
      throw new ConfigError(
        `SLA_DIAS_UTEIS: "${pair.trim()}" inválido; use codigo=dias (1 a 365) separados por vírgula, com os códigos ${Object.keys(sla).join(', ')}.`,
      );
    }
    sla[m[1]] = Number(m[2]);
  }
  return {
    docMaxBytes: intVar(env, 'DOC_MAX_BYTES', 20 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    slaDiasUteis: sla,
    slaPadraoDiasUteis: intVar(env, 'SLA_PADRAO_DIAS_UTEIS', SLA_PADRAO_DIAS_UTEIS, 1, 365),
  };
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

/**
 * The address the links in e-mails point to: SITE_URL, else the one this server really serves
 * (http://HOST:PORT, "localhost" when HOST is the any-address), so a reset link from a
 * default start opens. With PORT=0 main.ts fills in the port the system chose.
 */
export function siteUrlFrom(env: Env, host: string, port: number): string {
  const given = env.SITE_URL?.trim();
  if (given) return httpUrlVar(env, 'SITE_URL', 'https://www.exemplo.com.br');
  return defaultSiteUrl(host, port);
}

export function defaultSiteUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return port === 80 ? `http://${name}` : `http://${name}:${port}`;
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

  // The master's mailbox by default: an internal address, delivered without any relay.
  const contactInbox = (env.CONTACT_INBOX?.trim() || `${masterUsername}@${mailDomain}`).toLowerCase();
  if (!isValidEmail(contactInbox)) throw new ConfigError(`CONTACT_INBOX "${contactInbox}" não é um endereço de e-mail válido.`);

  const masterPassword = env.MASTER_PASSWORD || null;
  const weak = masterPassword ? checkPasswordPolicy(masterPassword) : null;
  if (weak) throw new ConfigError(`MASTER_PASSWORD não atende à política de senhas: ${weak}.`);

  const port = intVar(env, 'PORT', 3000, 0, 65535);
  const host = env.HOST?.trim() || '127.0.0.1';
  return {
    port,
    host,
    dataDir,
    database: databaseFrom(env, dataDir),
    sqliteReaders: intVar(env, 'SQLITE_READERS', os.availableParallelism(), 0, 64),
    jwtSecret: jwtSecretFrom(env, dataDir),
    jwtExpiresIn,
    mailDomain,
    master: {
      username: masterUsername,
      name: env.MASTER_NAME?.trim() || 'Administrador Master',
      password: masterPassword,
    },
    firm: { ...firmFromEnv(env), siteUrl: siteUrlFrom(env, host, port) },
    financas: financasConfigFrom(env, firmFromEnv(env)),
    privacy: privacyFromEnv({ ...env, CONTACT_RETENTION_DAYS: String(intVar(env, 'CONTACT_RETENTION_DAYS', 365, 1, 3650)) }, firmFromEnv(env).email),
    webRoot: path.resolve(env.WEB_ROOT?.trim() || path.join(__dirname, '..', '..', '..')),
    hashCost: env.PASSWORD_HASH_COST === 'fast' ? 'fast' : 'default',
    storage: storageFrom(env),
    // The privacy notice states the same figure (privacyFromEnv reads AUDIT_RETENTION_DAYS too).
    audit: { retentionDays: intVar(env, 'AUDIT_RETENTION_DAYS', DEFAULT_AUDIT_RETENTION_DAYS, 1, 36500) },
    backup: backupConfigFrom(env),
    scale: { redisUrl: env.REDIS_URL?.trim() || null, redisPrefix: env.REDIS_PREFIX?.trim() || 'veritas:', metricsToken: env.METRICS_TOKEN?.trim() || null, shutdownDrainMs: intVar(env, 'SHUTDOWN_DRAIN_SECONDS', 0, 0, 120) * 1000, backgroundJobs: !/^(0|false|nao|não|off|no)$/i.test(env.BACKGROUND_JOBS?.trim() ?? '') },
    jobs: { attempts: intVar(env, 'JOBS_ATTEMPTS', 3, 1, 20), backoffMs: intVar(env, 'JOBS_BACKOFF_SECONDS', 30, 1, 3600) * 1000 },
    login: {
      maxFailuresPerEmail: intVar(env, 'LOGIN_MAX_FAILURES_PER_EMAIL', 5, 1, 1000),
      maxFailuresPerIp: intVar(env, 'LOGIN_MAX_FAILURES_PER_IP', 50, 1, 100000),
      windowMs: intVar(env, 'LOGIN_WINDOW_MINUTES', 15, 1, 1440) * 60_000,
      delayBaseMs: intVar(env, 'LOGIN_DELAY_BASE_SECONDS', 2, 1, 3600) * 1000,
      maxDelayMs: intVar(env, 'LOGIN_MAX_DELAY_SECONDS', 300, 1, 86400) * 1000,
    },
    mail: mailConfigFrom(env),
    registros: registrosConfigFrom(env),
    clientes: { registerPerIpPerHour: intVar(env, 'REGISTER_RATE_PER_IP', 5, 1, 100000) },
    contact: { inbox: contactInbox, perIpPerHour: intVar(env, 'CONTACT_RATE_PER_IP', 10, 1, 100000) },
    passwordReset: {
      perIpPerHour: intVar(env, 'PASSWORD_RESET_RATE_PER_IP', 10, 1, 100000),
      perEmailPerHour: intVar(env, 'PASSWORD_RESET_RATE_PER_EMAIL', 3, 1, 1000),
    },
    lookup: {
      cnpjApiUrl: httpUrlVar(env, 'CNPJ_API_URL', 'https://open.cnpja.com'),
      cnpjApiKey: env.CNPJ_API_KEY?.trim() || null,
      cnpjCacheDays: intVar(env, 'CNPJ_CACHE_DAYS', 30, 0, 3650),
      cnpjRatePerMinute: intVar(env, 'CNPJ_RATE_PER_MINUTE', 5, 1, 1000),
      cnpjStaffReservedPerMinute: intVar(env, 'CNPJ_STAFF_RESERVED_PER_MINUTE', 2, 0, 1000),
      cnpjQueueMs: intVar(env, 'CNPJ_QUEUE_SECONDS', 10, 0, 60) * 1000,
      cepApiUrl: httpUrlVar(env, 'CEP_API_URL', 'https://viacep.com.br'),
      timeoutMs: intVar(env, 'LOOKUP_TIMEOUT_SECONDS', 8, 1, 60) * 1000,
      perIpPerMinute: intVar(env, 'LOOKUP_RATE_PER_IP', 30, 1, 10000),
    },
  };
}
