/*
 * The Clientes list's plain logic (§2.12): the status tabs, whether a filter is applied (which
 * empty text to show), the CSV columns and the bulk actions' wording. Tested beside this file.
 */
import { type ClienteResponse, type ClienteStatus, formatDateBR } from '@veritas/common';
import type { CsvColumn } from '../providers/csv';
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

/** The CSV of the filtered list: headers from the field labels, dates dd/mm/aaaa, status in words. */
export function clienteCsvColumns(label: (field: string) => string, statusText: (status: ClienteStatus) => string): CsvColumn<ClienteRecord>[] {
  const f = (field: keyof ClienteResponse): CsvColumn<ClienteRecord> => ({ header: label(field), value: (c) => c[field] as string | null });
  return [
    f('razaoSocial'),
    f('nomeFantasia'),
    f('cnpj'),
    f('email'),
    f('telefone'),
    f('celularWhatsApp'),
    f('cidade'),
    f('estado'),
    { header: label('status'), value: (c) => statusText(c.status) },
    { header: label('createdAt'), value: (c) => formatDateBR(c.createdAt) },
  ];
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

/** The server's largest page (backend MAX_PAGE_SIZE): the export asks for the list in pages of this size. */
export const EXPORT_PAGE_SIZE = 200;
/** At most this many rows in one CSV. */
export const EXPORT_LIMIT = 10_000;

/**
 * The whole filtered list for the CSV: react-admin's ExportButton fetches the first page; while a
 * page comes back full, the next is asked for (same filter and sort). A record seen twice (a
 * client added meanwhile shifts the pages) is written once.
 */
export async function allPages<R extends { id: string | number }>(
  first: readonly R[],
  fetchPage: (page: number) => Promise<readonly R[]>,
  pageSize = EXPORT_PAGE_SIZE,
  limit = EXPORT_LIMIT,
): Promise<R[]> {
  const seen = new Map<string, R>();
  const add = (rows: readonly R[]) => rows.forEach((r) => seen.has(String(r.id)) || seen.set(String(r.id), r));
  add(first);
  let last = first;
  for (let page = 2; last.length >= pageSize && seen.size < limit; page += 1) {
    last = await fetchPage(page);
    add(last);
  }
  return [...seen.values()].slice(0, limit);
}
