import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

/** The SELECT of each (entity, columns) asked for, written once. */
const statements = new WeakMap<object, Map<string, string>>();

/**
 * One row by id with only the named columns, in plain SQL, its values hydrated by the driver as
 * TypeORM hydrates them (dates, booleans, transformers): on a path every request takes (the token's
 * person) the query builder and entity hydration cost more than the lookup itself. Null when absent.
 */
export async function rowById<T extends ObjectLiteral, K extends keyof T & string>(
  manager: EntityManager,
  target: EntityTarget<T>,
  id: string,
  props: readonly K[],
  /** Where the SELECT runs (ReadPool.point for the token's person); the manager by default. */
  run: (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]> = (sql, params) => manager.query(sql, params),
  /** An SQL expression read in the same statement (a constant text of the caller's), its value answered as `extra`. */
  extra?: string | null,
): Promise<(Pick<T, K> & { extra?: unknown }) | null> {
  const meta = manager.connection.getMetadata(target);
  const columns = props.map((p) => {
    const c = meta.findColumnWithPropertyName(p);
    if (!c) throw new Error(`rowById: ${meta.tableName} não tem a coluna ${p}.`);
    return c;
  });
  const driver = manager.connection.driver;
  let byProps = statements.get(meta);
  if (!byProps) statements.set(meta, (byProps = new Map()));
  const key = extra ? `${props.join(',')} ${extra}` : props.join(',');
  let sql = byProps.get(key);
  if (!sql) {
    const list = columns.map((c) => driver.escape(c.databaseName)).join(', ') + (extra ? `, ${extra} AS ${driver.escape(EXTRA)}` : '');
    sql = `SELECT ${list} FROM ${driver.escape(meta.tablePath)} WHERE ${driver.escape(meta.primaryColumns[0].databaseName)} = ? LIMIT 1`;
    byProps.set(key, sql);
  }
  const rows = await run(sql, [id]);
  if (!rows.length) return null;
  const row = {} as Record<string, unknown>;
  for (const c of columns) row[c.propertyName] = driver.prepareHydratedValue(rows[0][c.databaseName], c);
  if (extra) row.extra = rows[0][EXTRA];
  return row as Pick<T, K> & { extra?: unknown };
}

/** The alias of rowById's extra expression (no entity has such a column). */
const EXTRA = 'row_by_id_extra';

/** Ids bound per statement by selectIn: well under both databases' parameter limits. */
const IN_CHUNK = 500;

/**
 * The rows of `sql(placeholders)` for these ids, bound IN_CHUNK at a time (`placeholders` is the
 * `?, ?, …` of one chunk, for an `IN (…)`): one query per chunk, their rows concatenated. `sql` is
 * the caller's constant text; only the ids are bound.
 */
export async function selectIn<R>(manager: EntityManager, ids: readonly unknown[], sql: (placeholders: string) => string): Promise<R[]> {
  const rows: R[] = [];
  for (let i = 0; i < ids.length; i += IN_CHUNK) {
    const part = ids.slice(i, i + IN_CHUNK);
    rows.push(...((await manager.query(sql(part.map(() => '?').join(', ')), part)) as R[]));
  }
  return rows;
}
