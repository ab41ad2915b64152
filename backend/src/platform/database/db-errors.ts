/** A unique-index violation, on SQLite or MySQL/MariaDB: the race-safe answer to "already exists". */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; errno?: number; driverError?: { code?: string; errno?: number } };
  const code = e?.driverError?.code ?? e?.code;
  const errno = e?.driverError?.errno ?? e?.errno;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'ER_DUP_ENTRY' || errno === 1062;
}

/** Connection-level failures: the database is down, restarting, or cut the connection. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_SERVER_SHUTDOWN',
  'ER_CON_COUNT_ERROR',
  'SQLITE_BUSY',
]);

/**
 * The database cannot be reached for now (not a bad query): the request may simply be tried again,
 * so it answers 503, not 500. mysql2 marks an error that broke the connection as `fatal`.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; fatal?: unknown; errno?: unknown; driverError?: { code?: unknown; fatal?: unknown; errno?: unknown } };
  if (!e || typeof e !== 'object') return false;
  for (const x of [e, e.driverError]) {
    if (!x || typeof x !== 'object') continue;
    if (typeof x.code === 'string' && UNAVAILABLE_CODES.has(x.code)) return true;
    if (x.errno === 1053 || x.errno === 1040) return true;
    if (x.fatal === true) return true;
  }
  return false;
}
