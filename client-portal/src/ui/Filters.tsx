import { type ReactNode, useState } from 'react';
import type { ListEnvelope } from '@veritas/common';
import { type Loaded, useDebounced } from '../lib/api';

/**
 * A list's search box and one choice (status, origin), and the page it shows: the page belongs
 * to the filters it was chosen under, so new filters start again at the first page.
 */
export function useListFilters<C extends string>(initialSearch = '') {
  const [search, setSearch] = useState(initialSearch);
  const [choice, setChoice] = useState<C | ''>('');
  const q = useDebounced(search.trim());
  const filterKey = `${q}|${choice}`;
  const [paging, setPaging] = useState({ filterKey, page: 0 });
  return {
    search,
    setSearch,
    choice,
    setChoice,
    /** The search as sent to the server (trimmed, once typing pauses). */
    q,
    active: q !== '' || choice !== '',
    page: paging.filterKey === filterKey ? paging.page : 0,
    setPage: (page: number) => setPaging({ filterKey, page }),
    clear: () => {
      setSearch('');
      setChoice('');
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
  list: Loaded<ListEnvelope<T>>;
  filtered: boolean;
  loadingText: string;
  noResults: string;
  empty: ReactNode;
  children: (rows: T[], total: number) => ReactNode;
}) {
  const rows = list.data?.data ?? [];
  return (
    <>
      {list.error && (
        <p className="notice notice--error" role="alert">
          {list.error}
        </p>
      )}
      {!list.data && list.loading ? (
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
