/*
 * The Clientes list's plain logic (§2.12): the status tabs, whether a filter is applied (which
 * empty text to show) and the bulk actions' wording. Tested beside this file.
 */
import type { ClienteResponse, ClienteStatus } from '@veritas/common';
import type { BulkStatusResult } from '../providers/clientesMethods';

export type ClienteRecord = ClienteResponse & { id: string };

/** The tabs' values are the server's `filter.status` (todos = no filter). */
export const STATUS_TABS = [
  { value: 'todos', label: 'Todos' },
  { value: 'ativos', label: 'Ativos' },
  { value: 'inativos', label: 'Inativos' },
] as const;

/**
 * Whether the list is narrowed by a search, a type or a status tab other than Todos: then an
 * empty list is "Nenhum cliente encontrado para esta busca", else "Não há clientes cadastrados".
 */
export function isFiltered(filter: Record<string, unknown>): boolean {
  return Object.entries(filter).some(([key, value]) => {
    if (value === undefined || value === null || value === '') return false;
    if (key === 'status') return value !== 'todos';
    return true;
  });
}

/** The clients a bulk Ativar/Inativar would change (those already in that status are left alone). */
export function toChange(records: readonly Pick<ClienteRecord, 'id' | 'status'>[], status: ClienteStatus): string[] {
  return records.filter((r) => r.status !== status).map((r) => r.id);
}

/**
 * The notification of a bulk Ativar/Inativar: how many changed, and each refusal with the server's
 * reason (named by its razão social when known).
 */
export function bulkStatusMessage(
  result: BulkStatusResult,
  status: ClienteStatus,
  nameOf: (id: string) => string | undefined,
): { type: 'success' | 'warning' | 'error'; text: string } {
  const n = result.done.length;
  const verb = status === 'ativo' ? (n === 1 ? 'ativado' : 'ativados') : n === 1 ? 'inativado' : 'inativados';
  const done = n === 0 ? '' : `${n} ${n === 1 ? 'cliente' : 'clientes'} ${verb}.`;
  if (!result.failed.length) return { type: 'success', text: done };
  const failed = result.failed.map((f) => `${nameOf(f.id) ?? f.id}: ${f.message}`).join(' ');
  const prefix = status === 'ativo' ? 'Não foi possível ativar' : 'Não foi possível inativar';
  return { type: n ? 'warning' : 'error', text: `${done ? `${done} ` : ''}${prefix} — ${failed}` };
}
