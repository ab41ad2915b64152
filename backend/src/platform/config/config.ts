import { getConfigToken } from '@nestjs/config';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cleanCnpj, FirmConfig, firmFromEnv, isValidCnpj, PrivacyConfig, privacyFromEnv } from '@veritas/common';
import { AccountsConfig, accountsEnv } from './accounts.env';
import { financasConfigFrom, FinancasConfig, LookupConfig, lookupEnv, RegistrosConfig, registrosEnv, retentionEnv } from './business.env';
import { ConfigError, type Env, httpBase, readEnv } from './env';
import { MailConfig, mailEnv } from './mail.env';
import { ReplicasConfig, replicasEnv } from './replicas.env';
import { ServerConfig, serverEnv } from './server.env';

export { ConfigError } from './env';
export { financasConfigFrom } from './business.env';
export type { FinancasConfig, LookupConfig, RegistrosConfig } from './business.env';
export type { MailConfig } from './mail.env';
export { BACKUP_TZ } from './replicas.env';
export type { BackupConfig } from './replicas.env';
export type { DatabaseConfig } from './server.env';

/**
 * Everything the server reads from its environment, validated once at start-up by the schemas
 * beside this file (one per area) and injected as APP_CONFIG, the `app` namespace of
 * @nestjs/config.
 */
export interface AppConfig extends ServerConfig, Omit<AccountsConfig, 'jwtSecret' | 'auditKey' | 'auditKeyring' | 'unsubscribeSecret' | 'settingsSecret'>, ReplicasConfig {
  jwtSecret: string;
  /** The HMAC key of the unsubscribe links in optional e-mails (UNSUBSCRIBE_SECRET or DATA_DIR/unsubscribe-secret; ADR 0046). */
  unsubscribeSecret: string;
  /** The key that seals secrets kept in the database, the relay's password (SETTINGS_SECRET or DATA_DIR/settings-secret; ADR 0055). */
  settingsSecret: string;
  firm: FirmConfig;
  /** The privacy notice's encarregado and the contact messages' retention (issue 16). */
  privacy: PrivacyConfig;
  mail: MailConfig;
  lookup: LookupConfig;
  /** Registros and documents (issue 6): upload bound and deadlines in business days. */
  registros: RegistrosConfig;
  /** Finanças (issue 12): when charges are made, their due date, reminders and the firm's PIX. */
  financas: FinancasConfig;
  /**
   * The audit trail (issue 16): entries older than this many days are removed by a job; the chain's
   * HMAC key (AUDIT_KEY or DATA_DIR/audit-key, never in the database) and a signed checkpoint of its
   * head at least every `checkpointEntries` entries (issue 55, ADR 0009).
   */
  audit: { retentionDays: number; key: string; retiredKeys: string[]; checkpointEntries: number };
  /** LGPD exports (issue 55): what all the exports together may keep in the storage; past it the oldest expire. */
  titulares: { exportStorageMaxBytes: number };
  /** The portal's Novidades and the panel's bell (issue 53): notices older than this many days are removed daily. */
  notices: { retentionDays: number };
}

/** The namespace the configuration is registered under in @nestjs/config, and its injection token. */
export const APP_CONFIG_NAMESPACE = 'app';
export const APP_CONFIG = getConfigToken(APP_CONFIG_NAMESPACE);

/**
 * Builds the configuration from an environment (process.env by default; the tests and
 * scripts/seed-demo.mjs pass their own). Throws ConfigError, in Portuguese, naming the variable.
 * Creates DATA_DIR and, without JWT_SECRET, the secret kept in it.
 */
export function loadConfig(env: Env = process.env): AppConfig {
  const server = readEnv(serverEnv, env);
  try {
    fs.mkdirSync(server.dataDir, { recursive: true });
  } catch (err) {
    throw new ConfigError(`DATA_DIR "${server.dataDir}" não pôde ser criado: ${(err as Error).message}`);
  }
  const { auditKey, auditKeyring, ...accounts } = readEnv(accountsEnv, env);
  const retention = readEnv(retentionEnv, env);
  const firm = firmFromEnv(env);
  if (firm.cnpj && !isValidCnpj(firm.cnpj)) throw new ConfigError(`FIRM_CNPJ inválido: "${firm.cnpj}" não é um CNPJ válido.`);
  firm.cnpj = firm.cnpj ? cleanCnpj(firm.cnpj) : '';
  return {
    ...server,
    ...accounts,
    ...readEnv(replicasEnv, env),
    jwtSecret: accounts.jwtSecret ?? keptSecret(server.dataDir, 'jwt-secret'),
    unsubscribeSecret: accounts.unsubscribeSecret ?? keptSecret(server.dataDir, 'unsubscribe-secret'),
    settingsSecret: accounts.settingsSecret ?? keptSecret(server.dataDir, 'settings-secret'),
    firm: { ...firm, siteUrl: siteUrlFrom(env, server.host, server.port) },
    // The privacy notice states the same figures (privacyFromEnv reads them too).
    privacy: privacyFromEnv({ ...env, CONTACT_RETENTION_DAYS: String(retention.CONTACT_RETENTION_DAYS) }, firm.email),
    audit: {
      retentionDays: retention.AUDIT_RETENTION_DAYS,
      key: auditKey ?? keptSecret(server.dataDir, 'audit-key'),
      retiredKeys: [...auditKeyring, ...keptKeyring(server.dataDir)],
      checkpointEntries: retention.AUDIT_CHECKPOINT_ENTRIES,
    },
    titulares: { exportStorageMaxBytes: retention.EXPORT_STORAGE_MAX_MB * 1024 * 1024 },
    notices: { retentionDays: retention.NOTICE_RETENTION_DAYS },
    mail: readEnv(mailEnv, env),
    lookup: readEnv(lookupEnv, env),
    registros: readEnv(registrosEnv, env),
    financas: financasConfigFrom(env, firm),
  };
}

/** A secret (the JWT's, the audit chain's key, the unsubscribe links' key, the settings' sealing key) generated once and kept in DATA_DIR (readable by the service's user only). */
function keptSecret(dataDir: string, name: 'jwt-secret' | 'audit-key' | 'unsubscribe-secret' | 'settings-secret'): string {
  const file = path.join(dataDir, name);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/** DATA_DIR/audit-keyring: the keys `npm run audit:rotate-key` retired, one a line (none when the file is absent). */
function keptKeyring(dataDir: string): string[] {
  const file = path.join(dataDir, 'audit-keyring');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

/**
 * The address the links in e-mails point to: SITE_URL, else the one this server really serves
 * (http://HOST:PORT, "localhost" when HOST is the any-address), so a reset link from a
 * default start opens. With PORT=0 main.ts fills in the port the system chose.
 */
export function siteUrlFrom(env: Env, host: string, port: number): string {
  if (!env.SITE_URL?.trim()) return defaultSiteUrl(host, port);
  return readEnv(httpBase('SITE_URL', 'https://www.exemplo.com.br'), env.SITE_URL);
}

export function defaultSiteUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return port === 80 ? `http://${name}` : `http://${name}:${port}`;
}
