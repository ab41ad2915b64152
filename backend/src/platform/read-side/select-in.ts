import type { EntityManager } from 'typeorm';

/** Ids bound per statement by selectIn and by a batch of BatchedReads: well under both databases' parameter limits. */
export const IN_CHUNK = 500;

/**
 * The rows of `sql(placeholders)` for these ids, bound IN_CHUNK at a time (`placeholders` is the
 * `?, ?, …` of one chunk, for an `IN (…)`): one query per chunk, their rows concatenated. `sql` is
 * the caller's constant text; only the ids are bound. Runs on whatever manager it is given (a
 * transaction's, most often: the charges' and the audit's reads of rows they are writing beside).
 */
export async function selectIn<R>(manager: EntityManager, ids: readonly unknown[], sql: (placeholders: string) => string): Promise<R[]> {
  const rows: R[] = [];
  for (let i = 0; i < ids.length; i += IN_CHUNK) {
    const part = ids.slice(i, i + IN_CHUNK);
    rows.push(...((await manager.query(sql(part.map(() => '?').join(', ')), part)) as R[]));
  }
  return rows;
}
