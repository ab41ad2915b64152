import { randomUUID } from 'node:crypto';
import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { appendAudits, type AuditEntry } from './audit-log';
import { insertAuditEntry } from './audit.subscriber';

/** Bound parameters per INSERT: under SQLite's 32,766 and MySQL's 65,535. */
const MAX_PARAMS = 30_000;
const MAX_ROWS = 500;

/**
 * The bulk path (the demo seeder): rows inserted many per statement, inside the caller's
 * transaction, with the audit entries one save of each would have written (same action, entity
 * and diff), appended to the chain at once. Entity listeners do not run, so what BaseEntity's
 * @BeforeInsert does is done here: an id and the creation time when the row has none. Derived
 * columns (a client's `busca`) are the caller's, as with save; database triggers (the FTS index)
 * fire per row as always.
 */
export async function insertAudited<T extends ObjectLiteral>(m: EntityManager, target: EntityTarget<T>, rows: T[]): Promise<void> {
  if (!rows.length) return;
  const meta = m.connection.getMetadata(target);
  const has = (p: string) => meta.columns.some((c) => c.propertyName === p);
  const now = new Date();
  for (const row of rows as ObjectLiteral[]) {
    if (has('id') && !row.id) row.id = randomUUID();
    if (has('createdAt') && !row.createdAt) row.createdAt = now;
    if (has('updatedAt') && !row.updatedAt) row.updatedAt = row.createdAt ?? now;
  }
  // Plain `INSERT … VALUES (?, …), …`: the values prepared by the driver as TypeORM prepares them
  // (transformers, dates, booleans); the query builder's named parameters cost more than the insert.
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
  await appendAudits(
    m,
    rows.map((row) => insertAuditEntry(meta, row)).filter((e): e is AuditEntry => e !== null),
  );
}

/** A row's value for a column (the driver applies its transformer), or the column's default when the row has none. */
function valueOf(c: ColumnMetadata, row: ObjectLiteral): unknown {
  const v = c.getEntityValue(row);
  if (v !== undefined) return v;
  if (c.default !== undefined && typeof c.default !== 'function') return c.default;
  if (c.isNullable) return null;
  throw new Error(`insertAudited: ${c.entityMetadata.tableName}.${c.propertyName} sem valor nem padrão.`);
}
