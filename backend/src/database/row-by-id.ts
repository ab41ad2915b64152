import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

/** The SELECT of each (entity, columns) asked for, written once: up to the `IN (` of its ids. */
const statements = new WeakMap<object, Map<string, string>>();

/**
 * Runs a SELECT by key: the statement is `${head}${placeholders})`, its rows those whose `keyColumn` is
 * one of the keys bound (one key here: `head + '?)'`). ReadPool.pointByKey reads many callers' keys at once.
 */
export type ByKeyRun = (head: string, key: string, keyColumn: string) => Promise<Record<string, unknown>[]>;

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
  /** Where the SELECT runs (ReadPool.pointByKey for the token's person); the manager by default. */
  run: ByKeyRun = (head, key) => manager.query(`${head}?)`, [key]),
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
  let head = byProps.get(key);
  if (!head) {
    const pk = meta.primaryColumns[0].databaseName;
    const list = columns.map((c) => driver.escape(c.databaseName)).join(', ') + (extra ? `, ${extra} AS ${driver.escape(EXTRA)}` : '');
    // The key is read back under its own name, for a run that reads many keys at once.
    head = `SELECT ${driver.escape(pk)} AS ${driver.escape(KEY)}, ${list} FROM ${driver.escape(meta.tablePath)} WHERE ${driver.escape(pk)} IN (`;
    byProps.set(key, head);
  }
  const rows = await run(head, id, KEY);
  if (!rows.length) return null;
  const row = {} as Record<string, unknown>;
  for (const c of columns) row[c.propertyName] = driver.prepareHydratedValue(rows[0][c.databaseName], c);
  if (extra) row.extra = rows[0][EXTRA];
  return row as Pick<T, K> & { extra?: unknown };
}

/** The aliases of rowById's extra expression and of its key (no entity has such columns). */
const EXTRA = 'row_by_id_extra';
const KEY = 'row_by_id_key';

/** Ids bound per statement by selectIn and by a batch of BatchedReads: well under both databases' parameter limits. */
export const IN_CHUNK = 500;

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
