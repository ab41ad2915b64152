import { useEffect, useState } from 'react';
import { PER_PAGE_OPTIONS } from './PagedTable';

/** Page and page size of a list; back to the first page whenever `resetKey` (the filters) changes. */
export function usePaging(resetKey: string) {
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(PER_PAGE_OPTIONS[0]);
  useEffect(() => setPage(0), [resetKey]);
  return {
    page,
    perPage,
    setPage,
    setPerPage: (n: number) => {
      setPerPage(n);
      setPage(0);
    },
    /** For react-admin's getList (pages from 1). */
    pagination: { page: page + 1, perPage },
  };
}
