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
  /** An SQL expression read in the same statement (a constant text of the caller's), its value given to `seen`. */
  extra?: string | null,
  seen?: (value: unknown) => void,
): Promise<Pick<T, K> | null> {
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
  if (extra) seen?.(rows[0][EXTRA]);
  return row as Pick<T, K>;
}

/** The aliases of rowById's extra expression and of its key (no entity has such columns). */
const EXTRA = 'row_by_id_extra';
const KEY = 'row_by_id_key';
