import type { DataSourceOptions } from 'typeorm';
import type { AppConfig } from './platform/config';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './platform/database';
import { SufixosSubscriber } from './platform/read-side';
import { registerAuditKey } from './platform/audit-chain';

const common = {
  entities: ENTITIES,
  migrations: MIGRATIONS,
  subscribers: [SufixosSubscriber],
  migrationsRun: true,
  migrationsTransactionMode: 'each' as const,
  synchronize: false,
  logging: ['error' as const],
};

/**
 * SQLite (better-sqlite3) when DATABASE_URL is unset, MySQL/MariaDB through mysql2 otherwise.
 * The schema comes only from migrations, run at start-up.
 */
export function dataSourceOptions(config: AppConfig): DataSourceOptions {
  const options = dataSourceOptionsOf(config);
  // The audit chain's key goes with the database it signs (the re-keying migration reads it too).
  registerAuditKey(options, config.audit.key, config.audit.retiredKeys);
  return options;
}

function dataSourceOptionsOf(config: AppConfig): DataSourceOptions {
  if (config.database.type === 'sqlite') {
    return {
      ...common,
      type: 'better-sqlite3',
      database: config.database.file,
      // WAL lets readers go on while a write commits; a busy timeout rides out short locks.
      prepareDatabase: (db: { pragma(s: string): unknown }) => {
        db.pragma('journal_mode = WAL');
        db.pragma('busy_timeout = 5000');
      },
    };
  }
  return {
    ...common,
    type: 'mysql',
    url: config.database.url,
    charset: 'utf8mb4_unicode_ci',
    timezone: 'Z',
    connectTimeout: 10000,
    // trace: false — mysql2 otherwise captures a stack trace for every query (an Error made before it is
    // sent, to splice into a failure's stack): 2.8 % of a registros list request's CPU in the profile
    // (issue 14). A failure still says what failed: TypeORM's QueryFailedError carries the SQL and the
    // server's message, and our error log the request.
    extra: { connectionLimit: 10, trace: false },
  };
}
