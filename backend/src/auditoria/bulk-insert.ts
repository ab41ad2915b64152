import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { insertRows } from '../platform/database';
import { appendAudits, type AuditEntry } from './audit-log';
import { fileUnderCharges, insertAuditEntry } from './audit.subscriber';

/**
 * The bulk path (the demo seeder): rows inserted many per statement (insertRows), inside the
 * caller's transaction, with the audit entries one save of each would have written (same action,
 * entity and diff), appended to the chain at once. Derived columns (a client's `busca`) are the
 * caller's, as with save; database triggers (the FTS index) fire per row as always.
 */
export async function insertAudited<T extends ObjectLiteral>(m: EntityManager, target: EntityTarget<T>, rows: T[]): Promise<void> {
  if (!rows.length) return;
  await insertRows(m, target, rows);
  const meta = m.connection.getMetadata(target);
  const entries = rows.map((row) => insertAuditEntry(meta, row)).filter((e): e is AuditEntry => e !== null);
  await fileUnderCharges(m, entries);
  const later = atEnd.get(m);
  if (later) later.push(...entries);
  else await appendAudits(m, entries);
}

/** The entries insertAudited set aside in a withAuditsAtEnd scope, by the transaction's manager. */
const atEnd = new WeakMap<EntityManager, AuditEntry[]>();

/**
 * Runs `work` in `m`'s transaction with the entries of its insertAudited calls appended to the chain when it
 * ends, at once and in the order they were made: the chain's head, a row lock held until the commit, is then
 * taken by the last statements only, and two bulk transactions write their rows side by side instead of one
 * after the other. Entries appended otherwise in the scope (appendAudit) still go at once; nothing is set
 * aside when `work` fails (the transaction rolls back).
 */
export async function withAuditsAtEnd<T>(m: EntityManager, work: () => Promise<T>): Promise<T> {
  if (atEnd.has(m)) return work();
  const entries: AuditEntry[] = [];
  atEnd.set(m, entries);
  let out: T;
  try {
    out = await work();
  } finally {
    atEnd.delete(m);
  }
  await appendAudits(m, entries);
  return out;
}
