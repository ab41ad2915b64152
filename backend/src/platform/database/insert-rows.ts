import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { isSqlite, SUFIXOS_INDEXES, writeSufixos } from '../read-side';
import { newId } from './ids';

/** Bound parameters per INSERT: under SQLite's 32,766 and MySQL's 65,535. */
const MAX_PARAMS = 30_000;
const MAX_ROWS = 500;

/**
 * Rows of an entity written with plain `INSERT … VALUES (?, …), …` (many per statement), the
 * values prepared by the driver as TypeORM prepares them (transformers, dates, booleans): on hot
 * and bulk paths the query builder's named parameters cost more than the insert itself. Entity
 * listeners and subscribers do not run, so what BaseEntity's @BeforeInsert does is done here (an
 * id and the creation time when the row has none), and so is SufixosSubscriber's side row; a column
 * the row leaves undefined takes its declared default, or NULL. Database triggers fire per row as always.
 */
export async function insertRows<T extends ObjectLiteral>(m: EntityManager, target: EntityTarget<T>, rows: T[], { binary = false }: { binary?: boolean } = {}): Promise<void> {
  if (!rows.length) return;
  const meta = m.connection.getMetadata(target);
  const has = (p: string) => meta.columns.some((c) => c.propertyName === p);
  const now = new Date();
  for (const row of rows as ObjectLiteral[]) {
    if (has('id') && !row.id) row.id = newId();
    if (has('createdAt') && !row.createdAt) row.createdAt = now;
    if (has('updatedAt') && !row.updatedAt) row.updatedAt = row.createdAt ?? now;
  }
  const driver = m.connection.driver;
  const columns = meta.columns.filter((c) => c.isInsert && !c.isVirtual);
  const head = `INSERT INTO ${driver.escape(meta.tablePath)} (${columns.map((c) => driver.escape(c.databaseName)).join(', ')}) VALUES `;
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const values = (row: ObjectLiteral) => columns.map((c) => driver.preparePersistentValue(valueOf(c, row), c));
  const chunk = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / columns.length)));
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    const sql = head + part.map(() => tuple).join(', ');
    if (binary && m.connection.driver.options.type === 'mysql') await executeMysql(m, sql, part.flatMap(values));
    else await m.query(sql, part.flatMap(values));
  }
  // The suffix index's side rows (MySQL/MariaDB), which the subscriber writes for a save.
  const ix = SUFIXOS_INDEXES[meta.tableName];
  if (ix && !isSqlite(m)) {
    await writeSufixos((sql, params) => m.query(sql, params), ix, (rows as ObjectLiteral[]).map((r) => [r.id, r[ix.column]]));
  }
}

/**
 * One statement over MySQL's binary protocol (mysql2's `execute`: prepared once per connection, then
 * its parameters sent as they are), on the manager's own connection inside a transaction. `query`
 * sends a Buffer as hex inside the SQL text, which the server parses back: a 140 KB e-mail becomes
 * 280 KB of SQL. Dates go as UTC text, as `query` formats them (the data source's timezone is 'Z').
 */
async function executeMysql(m: EntityManager, sql: string, params: unknown[]): Promise<void> {
  const runner = m.queryRunner ?? m.connection.createQueryRunner();
  try {
    const conn = (await runner.connect()) as { execute(sql: string, values: unknown[], cb: (err: Error | null) => void): void };
    const values = params.map((v) => (v instanceof Date ? v.toISOString().replace('T', ' ').replace('Z', '') : typeof v === 'boolean' ? Number(v) : (v ?? null)));
    await new Promise<void>((resolve, reject) => conn.execute(sql, values, (err) => (err ? reject(err) : resolve())));
  } finally {
    if (!m.queryRunner) await runner.release();
  }
}

/** A row's value for a column (the driver applies its transformer), or the column's default when the row has none. */
function valueOf(c: ColumnMetadata, row: ObjectLiteral): unknown {
  const v = c.getEntityValue(row);
  if (v !== undefined) return v;
  if (c.default !== undefined && typeof c.default !== 'function') return c.default;
  if (c.isNullable) return null;
  throw new Error(`insertRows: ${c.entityMetadata.tableName}.${c.propertyName} sem valor nem padrão.`);
}

/**
 * Rows per UPDATE of updateRows. Each row's value is a `CASE id WHEN …` that the database reads in
 * order, so the work per row grows with the rows per statement: 100 keeps it well under a round trip's.
 */
const UPDATE_ROWS = 100;

/**
 * Rows of an entity already written, updated by id many per statement, each to its own values of
 * `props`: `UPDATE t SET c = CASE id WHEN ? THEN ? … END, … WHERE id IN (…)`, the values prepared
 * by the driver as insertRows prepares them. Unconditional and, like any update by criteria, not
 * audited: for the bulk path's rows in its own transaction, moved to their final state after the
 * entries of their creation (a registro's status and stages as their history lines record them).
 */
export async function updateRows<T extends ObjectLiteral>(m: EntityManager, target: EntityTarget<T>, rows: readonly T[], props: readonly (keyof T & string)[]): Promise<void> {
  if (!rows.length) return;
  const meta = m.connection.getMetadata(target);
  const driver = m.connection.driver;
  const key = meta.primaryColumns[0];
  const columns = props.map((p) => {
    const c = meta.findColumnWithPropertyName(p);
    if (!c) throw new Error(`updateRows: ${meta.tableName} não tem a coluna ${p}.`);
    return c;
  });
  const id = driver.escape(key.databaseName);
  for (let i = 0; i < rows.length; i += UPDATE_ROWS) {
    const part = rows.slice(i, i + UPDATE_ROWS);
    const ids = part.map((row) => key.getEntityValue(row));
    const sets = columns.map((c) => ({ c, ...caseById(ids, part.map((row) => driver.preparePersistentValue(c.getEntityValue(row) ?? null, c)), id) }));
    await m.query(`UPDATE ${driver.escape(meta.tablePath)} SET ${sets.map((s) => `${driver.escape(s.c.databaseName)} = ${s.sql}`).join(', ')} WHERE ${id} IN (${part.map(() => '?').join(', ')})`, [
      ...sets.flatMap((s) => s.params),
      ...ids,
    ]);
  }
}

/** `CASE id WHEN ? THEN ? … END`: each id's own value in one expression, with its parameters in order. */
export function caseById(ids: readonly unknown[], values: readonly unknown[], idColumn = 'id'): { sql: string; params: unknown[] } {
  return { sql: `CASE ${idColumn} ${ids.map(() => 'WHEN ? THEN ?').join(' ')} END`, params: ids.flatMap((id, j) => [id, values[j]]) };
}
