import * as fs from 'node:fs';
import * as path from 'node:path';
import { cnpjCheckDigits } from '@veritas/common';
import { createConnection } from 'mysql2/promise';

/** A valid CNPJ that no other write of this run uses: a 4-digit run tag and a counter. */
export function uniqueCnpj(tag: number, n: number): string {
  const base = `${String(tag % 10_000).padStart(4, '0')}${String(n).padStart(8, '0')}`;
  return base + cnpjCheckDigits(base);
}

/** Runs one SQL query on the app's database: MySQL/MariaDB at `url`, else DATA_DIR/app.sqlite (read-only). */
export async function sql<T = any>(url: string | undefined, dataDir: string, query: string, params: unknown[] = []): Promise<T[]> {
  if (url) {
    const c = await createConnection(url);
    try {
      const [rows] = await c.query(query, params);
      return rows as T[];
    } finally {
      await c.end();
    }
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const Database = require('better-sqlite3');
  const db = new Database(path.join(dataDir, 'app.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(query).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** Every file under `dir`, as paths relative to it with forward slashes ([] when it does not exist). */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath ?? (e as any).path, e.name)).split(path.sep).join('/'))
    .sort();
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `check` holds, polling; fails with `what` after `ms`. */
export async function until(check: () => Promise<boolean> | boolean, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`não aconteceu a tempo: ${what}`);
    await sleep(100);
  }
}
