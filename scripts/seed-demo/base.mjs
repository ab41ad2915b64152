/** What every part of the demo seeder reads: the built backend (backend/dist) and @veritas/common. */
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomInt } from 'node:crypto';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const require = createRequire(path.join(ROOT, 'backend', 'package.json'));
export const DIST = path.join(ROOT, 'backend', 'dist');
export const dist = (p) => require(path.join(DIST, p));
export const common = require('@veritas/common');

export const DIA = 86_400_000;
export const BATCH = 500;
export const pick = (list) => list[randomInt(list.length)];

/**
 * Two batches in flight: `add(batch)` returns once the batch before it is written, so the database
 * writes one while this process makes the next (on MySQL/MariaDB, each in its own transaction and
 * connection; SQLite runs them in turn). The audit chain's head row orders their entries. A failure
 * is thrown by the `add` or `all` that awaits it, never left unhandled meanwhile.
 */
export function twoInFlight() {
  let previous = Promise.resolve();
  return {
    async add(batch) {
      batch.catch(() => undefined);
      const before = previous;
      previous = batch;
      await before;
    },
    all: () => previous,
  };
}

/** A datetime as either driver answers a raw query: mysql2's Date, SQLite's UTC text. */
export function dateOf(v) {
  return v instanceof Date ? v : new Date(`${String(v).replace(' ', 'T')}Z`);
}

/** A datetime as a raw query's parameter: SQLite's text, MySQL's DATETIME. */
export function sqlDate(config, d) {
  return config.database.type === 'sqlite' ? d.toISOString().replace('T', ' ').replace('Z', '') : d;
}
