import { DataSource } from 'typeorm';
import { withTransaction } from '../database';

/**
 * What a healthy process looks like, beyond "the database answers SELECT 1".
 *
 * Built-in prototypes keep the properties they had when the process started: a property added to
 * Object.prototype (an object key taken from user input, as `sort=["__proto__",...]` once did)
 * shows up in every `for...in` and every object lookup, and TypeORM then builds broken SQL for
 * every request while SELECT 1 still passes.
 */
const PROTOTYPES: ReadonlyArray<[string, object]> = [
  ['Object', Object.prototype],
  ['Array', Array.prototype],
  ['Function', Function.prototype],
  ['String', String.prototype],
];
const ORIGINAL = new Map(PROTOTYPES.map(([name, proto]) => [name, new Set(Reflect.ownKeys(proto))]));

/** The names of the prototypes that gained properties since start-up (empty when intact). */
export function pollutedPrototypes(): string[] {
  const out: string[] = [];
  for (const [name, proto] of PROTOTYPES) {
    const known = ORIGINAL.get(name)!;
    if (Reflect.ownKeys(proto).some((k) => !known.has(k))) out.push(name);
  }
  // An inherited enumerable key, however it got there, leaks into every for...in.
  for (const _key in {}) return out.length ? out : ['Object'];
  return out;
}

/**
 * A real read through the path the routes take: a transaction (the SQLite queue or a pooled MySQL
 * connection), a repository query builder with ORDER BY and paging, as list-query runs it.
 */
export async function probeDataPath(ds: DataSource): Promise<void> {
  await withTransaction(ds, (m) =>
    m.createQueryBuilder().select('u.id', 'id').from('users', 'u').orderBy('u.createdAt', 'DESC').addOrderBy('u.id', 'ASC').limit(1).getRawMany(),
  );
}
