import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/**
 * COUNT(*) of a join-free query. TypeORM's getCount writes COUNT(DISTINCT id), which on SQLite
 * cannot be answered from the filter's index alone and visits every matching row. COUNT(*), not
 * COUNT(1): only the former lets SQLite count an unfiltered table from its b-tree (0.07 ms instead
 * of 4.4 ms for 200,000 registros).
 */
export async function countRows(qb: SelectQueryBuilder<ObjectLiteral>): Promise<number> {
  const raw = await qb.clone().select('COUNT(*)', 'n').orderBy().getRawOne<{ n: number | string }>();
  return Number(raw?.n ?? 0);
}

/**
 * The smallest string above every string that starts with `prefix` ("2026-0019" → "2026-002"),
 * counting in digits only, so it holds in SQLite's binary order and MySQL's collations alike.
 * Null when the digits after the dash are all nines.
 */
export function nextPrefix(prefix: string): string | null {
  const head = prefix.replace(/9+$/, '');
  const last = head.at(-1);
  if (!last || !/\d/.test(last) || head.length <= 5) return null;
  return head.slice(0, -1) + String(Number(last) + 1);
}
