import type { ReactNode } from 'react';
import {
  Alert,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';

export interface Column<T> {
  key: string;
  label: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** Hidden below this breakpoint, to keep a phone's table readable. */
  hideBelow?: 'sm' | 'md';
}

export const PER_PAGE_OPTIONS = [10, 25, 50];

const hidden = (bp?: 'sm' | 'md') => (bp ? { display: { xs: 'none', [bp]: 'table-cell' } } : {});

/**
 * The list of a screen: a header row, the rows, a loading bar, the spec's empty or error text in
 * one full-width row, and paging in pt-BR. A row click opens its details when `onRowClick` is
 * given; the row is then focusable and opens with Enter too.
 */
export function PagedTable<T extends { _id: string }>(props: {
  label: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  loading: boolean;
  error?: string | null;
  emptyText: string;
  total?: number;
  page?: number;
  perPage?: number;
  onPageChange?: (page: number) => void;
  onPerPageChange?: (perPage: number) => void;
  onRowClick?: (row: T) => void;
}) {
  const { label, columns, rows, loading, error, emptyText, total, page, perPage, onPageChange, onPerPageChange, onRowClick } = props;
  const paged = total !== undefined && page !== undefined && perPage !== undefined && onPageChange;
  return (
    <Paper variant="outlined">
      {loading ? <LinearProgress aria-label="Carregando" /> : <div style={{ height: 4 }} />}
      {error && (
        <Alert severity="error" sx={{ m: 2 }}>
          {error}
        </Alert>
      )}
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.key} align={c.align} sx={{ fontWeight: 600, whiteSpace: 'nowrap', ...hidden(c.hideBelow) }}>
                  {c.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows?.map((row) => (
              <TableRow
                key={row._id}
                hover={!!onRowClick}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                onKeyDown={onRowClick ? (e) => e.key === 'Enter' && e.target === e.currentTarget && onRowClick(row) : undefined}
                tabIndex={onRowClick ? 0 : undefined}
                sx={onRowClick ? { cursor: 'pointer', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } } : undefined}
              >
                {columns.map((c) => (
                  <TableCell key={c.key} align={c.align} sx={hidden(c.hideBelow)}>
                    {c.render(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {!loading && !error && rows?.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length}>
                  <Typography sx={{ py: 3, textAlign: 'center' }} color="text.secondary">
                    {emptyText}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {paged && (
        <TablePagination
          component="div"
          count={total}
          page={page}
          rowsPerPage={perPage}
          rowsPerPageOptions={PER_PAGE_OPTIONS}
          onPageChange={(_, p) => onPageChange(p)}
          onRowsPerPageChange={(e) => onPerPageChange?.(Number(e.target.value))}
          labelRowsPerPage="Linhas por página:"
          labelDisplayedRows={({ from, to, count }) => `${from}–${to} de ${count}`}
          getItemAriaLabel={(type) => ({ first: 'Primeira página', last: 'Última página', next: 'Próxima página', previous: 'Página anterior' })[type]}
          // On a phone the page size choice gives way to the arrows.
          sx={{ '& .MuiTablePagination-selectLabel, & .MuiTablePagination-input': { display: { xs: 'none', sm: 'flex' } } }}
        />
      )}
    </Paper>
  );
}

/** Stops a click on an action button from also opening the row's details. */
export function stop(fn: () => void) {
  return (e: { stopPropagation: () => void }) => {
    e.stopPropagation();
    fn();
  };
}
