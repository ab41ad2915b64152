import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebounced } from '@veritas/web';
import type { ListResult } from '../lib/api';
import { ErrorNotice } from './Notice';

/** The list's addresses: ?busca=…&<choice>=…&pagina=2 (the first page and empty filters are left out). */
const BUSCA = 'busca';
const PAGINA = 'pagina';

/**
 * A list's search box, one choice (status, origin) and the page it shows, all in the address: a
 * filtered list can be bookmarked, and Back returns to the previous page. New filters start again
 * at the first page; typing reaches the address once it pauses, in place of the last entry.
 */
export function useListFilters<C extends string>(choiceParam: string) {
  const [params, setParams] = useSearchParams();
  const q = (params.get(BUSCA) ?? '').trim();
  const choice = (params.get(choiceParam) ?? '') as C | '';
  const page = Math.max(0, Math.floor(Number(params.get(PAGINA)) || 1) - 1);
  const [search, setSearch] = useState(q);
  const typed = useDebounced(search.trim());

  function update(changes: Record<string, string | null>, replace: boolean) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace },
    );
  }

  // What was typed goes to the address; the address's own changes (Back, a link) come to the box.
  const inAddress = useRef(q);
  inAddress.current = q;
  useEffect(() => {
    if (typed !== inAddress.current) update({ [BUSCA]: typed, [PAGINA]: null }, true);
    // Only a new pause in typing writes (not a change of the address, which must not be undone here).
  }, [typed]);
  useEffect(() => setSearch((s) => (s.trim() === q ? s : q)), [q]);

  return {
    search,
    setSearch,
    choice,
    setChoice: (value: C | '') => update({ [choiceParam]: value, [PAGINA]: null }, true),
    /** The search as sent to the server (trimmed, once typing pauses). */
    q,
    active: q !== '' || choice !== '',
    page,
    setPage: (n: number) => update({ [PAGINA]: n > 0 ? String(n + 1) : null }, false),
    clear: () => {
      setSearch('');
      update({ [BUSCA]: null, [choiceParam]: null, [PAGINA]: null }, true);
    },
  };
}

export type ListFilters<C extends string> = ReturnType<typeof useListFilters<C>>;

/** The filter bar: 'Buscar', the choice (first option: Todos) and 'Limpar filtros'. */
export function FilterBar<C extends string>({
  filters,
  placeholder,
  choiceLabel,
  options,
}: {
  filters: ListFilters<C>;
  placeholder: string;
  choiceLabel: string;
  options: readonly { value: C; label: string }[];
}) {
  return (
    <div className="filters" role="search">
      <label className="field filters__search">
        <span className="field__label">Buscar</span>
        <input type="search" value={filters.search} placeholder={placeholder} onChange={(e) => filters.setSearch(e.target.value)} />
      </label>
      <label className="field">
        <span className="field__label">{choiceLabel}</span>
        <select value={filters.choice} onChange={(e) => filters.setChoice(e.target.value as C | '')}>
          <option value="">Todos</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="button button--outline filters__clear" disabled={!filters.active && filters.search === ''} onClick={filters.clear}>
        Limpar filtros
      </button>
    </div>
  );
}

/** A list query's state, as TanStack Query gives it. */
export interface ListState<T> {
  data: ListResult<T> | undefined;
  error: unknown;
  isPending: boolean;
}

/**
 * A filtered list's body: its error, 'Carregando...' the first time, the rows, or the message for
 * no results under the filters or for nothing at all.
 */
export function ListBody<T>({
  list,
  filtered,
  loadingText,
  noResults,
  empty,
  children,
}: {
  list: ListState<T>;
  filtered: boolean;
  loadingText: string;
  noResults: string;
  empty: ReactNode;
  children: (rows: T[], total: number) => ReactNode;
}) {
  const rows = list.data?.data ?? [];
  return (
    <>
      <ErrorNotice error={list.error} />
      {list.isPending ? (
        <p className="muted" role="status">
          {loadingText}
        </p>
      ) : rows.length > 0 ? (
        children(rows, list.data?.total ?? rows.length)
      ) : list.data && filtered ? (
        <p className="empty">{noResults}</p>
      ) : list.data ? (
        empty
      ) : null}
    </>
  );
}
