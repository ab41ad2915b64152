import { randomBytes } from 'node:crypto';
import { createConnection } from 'mysql2/promise';
import type { DataSource } from 'typeorm';
import { SUFIXOS_INDEXES } from '../../backend/src/platform/read-side/sufixos-index';

/**
 * The databases a suite runs on: SQLite always, and MySQL/MariaDB when TEST_MYSQL_URL is set
 * (e.g. mysql://root@127.0.0.1:3306). Each suite gets a database of its own, dropped at the end.
 */
export type DbKind = 'sqlite' | 'mysql';

export function databaseKinds(): DbKind[] {
  return process.env.TEST_MYSQL_URL ? ['sqlite', 'mysql'] : ['sqlite'];
}

export interface TestDatabase {
  url: string | undefined;
  drop(): Promise<void>;
}

/**
 * `server`: another MySQL/MariaDB server than TEST_MYSQL_URL; `create: false`: only a fresh name
 * (dropped at the end if something created it), for code that creates it.
 */
export async function createTestDatabase(kind: DbKind, options: { create?: boolean; server?: string } = {}): Promise<TestDatabase> {
  if (kind === 'sqlite') return { url: undefined, drop: async () => undefined };
  const base = new URL((options.server ?? process.env.TEST_MYSQL_URL) as string);
  const name = `veritas_t_${randomBytes(6).toString('hex')}`;
  if (options.create !== false) {
    const admin = await createConnection({ host: base.hostname, port: Number(base.port || 3306), user: decodeURIComponent(base.username), password: decodeURIComponent(base.password) });
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await admin.end();
  }
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = await createConnection({ host: base.hostname, port: Number(base.port || 3306), user: decodeURIComponent(base.username), password: decodeURIComponent(base.password) });
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
    },
  };
}

/**
 * After a bulk write on MySQL/MariaDB, merges the FULLTEXT indexes' caches of the suffix side tables
 * into the indexes before the suite searches. MariaDB 10.11 merges a cache past innodb_ft_cache_size in
 * the background, and while it does a MATCH misses the rows the cache held (measured: a search of
 * 1,100 just-written clients found none ~175 ms after their commit; bench/results/issue-14-search.md). OPTIMIZE TABLE with
 * innodb_optimize_fulltext_only merges now, before the call returns (a suite running the same at once
 * may turn the flag off first: OPTIMIZE then rebuilds the table, which also leaves no cache).
 */
export async function mergeFulltextCaches(ds: DataSource): Promise<void> {
  if (ds.options.type !== 'mysql') return;
  await ds.query('SET GLOBAL innodb_optimize_fulltext_only = ON');
  try {
    for (const { side } of Object.values(SUFIXOS_INDEXES)) await ds.query(`OPTIMIZE TABLE ${side}`);
  } finally {
    await ds.query('SET GLOBAL innodb_optimize_fulltext_only = OFF');
  }
}
