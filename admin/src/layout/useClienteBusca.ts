import { useGetList, type RaRecord } from 'react-admin';
import { useDebounced } from './useDebounced';

/**
 * The records of `resource` matching what was typed in a picker (searched on the server, 20 at a time,
 * once per pause, narrowed by `filter`; not at all until `enabled`). Only the answer for the text now in the box is offered: while
 * the pause runs and the search is on its way the list is empty and says "Carregando...", instead of
 * still offering the previous text's records, which the next answer would swap under a click.
 */
export function useBuscaRemota<T extends RaRecord>(
  resource: string,
  sort: { field: string; order: 'ASC' | 'DESC' },
  typed: string,
  filter: Record<string, unknown> = {},
  enabled = true,
): { options: T[]; loading: boolean } {
  const text = typed.trim();
  const q = useDebounced(text);
  const found = useGetList<T>(resource, { pagination: { page: 1, perPage: 20 }, sort, filter: q ? { ...filter, q } : filter }, { enabled });
  const current = q === text;
  return { options: current ? (found.data ?? []) : [], loading: !current || found.isFetching };
}

/** The clients matching what was typed in a client picker (useBuscaRemota, by name). */
export function useClienteBusca<T extends RaRecord>(typed: string, enabled = true): { options: T[]; loading: boolean } {
  return useBuscaRemota<T>('clientes', { field: 'razaoSocial', order: 'ASC' }, typed, {}, enabled);
}
