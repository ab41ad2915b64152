import { createHmac } from 'node:crypto';
import * as path from 'node:path';
import type { DataSource, DataSourceOptions } from 'typeorm';

/**
 * The audit chain's HMAC key (issue 55, ADR 0009), by the database it signs: registered when the
 * data source's options are built from the configuration (before the migrations run, so the re-keying
 * migration has it), read by every append and by the verification. Never written to the database.
 * Beside it, the keyring: the keys retired by a rotation (AUDIT_KEYRING, DATA_DIR/audit-keyring), with
 * which the verification still checks the entries and checkpoints written before it.
 */
export interface AuditKeyring {
  current: string;
  /** Every key, the current one included, by its id (auditKeyId). */
  byId: Map<string, string>;
}

const keyrings = new Map<string, AuditKeyring>();

/** Which database the options name: the SQLite file, or the MySQL/MariaDB URL. */
function databaseOf(options: DataSourceOptions): string {
  if (options.type === 'better-sqlite3') return `sqlite:${path.resolve(String(options.database))}`;
  if (options.type === 'mysql') return `mysql:${options.url ?? ''}`;
  return `${options.type}:${String(options.database ?? '')}`;
}

/**
 * A key's public name: 16 hex characters of an HMAC under the key of a fixed text. Written in the
 * rotation's entry to say which key signs from there on; it tells nothing about the key.
 */
export function auditKeyId(key: string): string {
  return createHmac('sha256', key).update('veritas:auditoria:id-da-chave', 'utf8').digest('hex').slice(0, 16);
}

export function registerAuditKey(options: DataSourceOptions, key: string, retired: readonly string[] = []): void {
  const byId = new Map<string, string>([...retired, key].map((k) => [auditKeyId(k), k]));
  keyrings.set(databaseOf(options), { current: key, byId });
}

/** The keyring of the database `ds` is connected to; throws when none was registered (a bug, not input). */
export function auditKeyringOf(ds: Pick<DataSource, 'options'>): AuditKeyring {
  const ring = keyrings.get(databaseOf(ds.options));
  if (!ring) throw new Error('A chave da trilha de auditoria não foi configurada para este banco de dados.');
  return ring;
}

/** The current key of the database `ds` is connected to (every new entry and checkpoint is signed with it). */
export function auditKeyOf(ds: Pick<DataSource, 'options'>): string {
  return auditKeyringOf(ds).current;
}
