import { useGetList, type RaRecord } from 'react-admin';
import { useDebounced } from './useDebounced';

/**
 * The clients matching what was typed in a client picker (searched on the server, 20 at a time,
 * once per pause). Only the answer for the text now in the box is offered: while the pause runs
 * and the search is on its way the list is empty and says "Carregando...", instead of still
 * offering the previous text's clients, which the next answer would swap under a click.
 */
export function useClienteBusca<T extends RaRecord>(typed: string): { options: T[]; loading: boolean } {
  const text = typed.trim();
  const q = useDebounced(text);
  const clientes = useGetList<T>('clientes', {
    pagination: { page: 1, perPage: 20 },
    sort: { field: 'razaoSocial', order: 'ASC' },
    filter: q ? { q } : {},
  });
  const current = q === text;
  return { options: current ? (clientes.data ?? []) : [], loading: !current || clientes.isFetching };
}
