/*
 * Bulk actions of the lists (assign registros, mark messages handled) run one server call per
 * record, as the single action does: the server applies its rules to each one (a closed registro
 * keeps its responsible) and the screen says how many went through and why the others did not.
 */
import { errorMessage } from '@veritas/web';

export interface BulkResult {
  done: number;
  failed: { id: string; message: string }[];
}

/** Runs `action` for every id (all at once), never rejecting: the failures come back with the server's message. */
export async function runBulk(ids: readonly (string | number)[], action: (id: string) => Promise<unknown>, fallback: string): Promise<BulkResult> {
  const results = await Promise.allSettled(ids.map((id) => action(String(id))));
  const failed: BulkResult['failed'] = [];
  results.forEach((r, i) => {
    if (r.status === 'rejected') failed.push({ id: String(ids[i]), message: errorMessage(r.reason, fallback) });
  });
  return { done: results.length - failed.length, failed };
}

/** "1 registro" / "3 registros". */
export function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * What a bulk action says: how many were done (`done(n)`), then how many were not and the first
 * reason. Success only when nothing failed.
 */
export function bulkNotice(result: BulkResult, done: (n: number) => string, notDone: (n: number) => string): { text: string; type: 'success' | 'warning' | 'error' } {
  const failures = result.failed.length;
  if (!failures) return { text: done(result.done), type: 'success' };
  const reason = result.failed[0].message;
  const text = result.done ? `${done(result.done)} ${notDone(failures)}: ${reason}` : `${notDone(failures)}: ${reason}`;
  return { text, type: result.done ? 'warning' : 'error' };
}
