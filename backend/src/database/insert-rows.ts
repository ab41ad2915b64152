import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { isSqlite } from '../common/fts';
import { SUFIXOS_INDEXES, writeSufixos } from './sufixos-index';
import { newId } from '../common/ids';

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
export async function insertRows<T extends ObjectLiteral>(m: EntityManager, target: EntityTarget<T>, rows: T[]): Promise<void> {
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
    await m.query(head + part.map(() => tuple).join(', '), part.flatMap(values));
  }
  // The suffix index's side rows (MySQL/MariaDB), which the subscriber writes for a save.
  const ix = SUFIXOS_INDEXES[meta.tableName];
  if (ix && !isSqlite(m)) {
    await writeSufixos((sql, params) => m.query(sql, params), ix, (rows as ObjectLiteral[]).map((r) => [r.id, r[ix.column]]));
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
