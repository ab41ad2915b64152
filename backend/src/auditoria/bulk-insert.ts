import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { insertRows } from '../database/insert-rows';
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
  await appendAudits(m, entries);
}
