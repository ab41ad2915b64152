import { Typography } from '@mui/material';
import { useGetList } from 'react-admin';
import { formatDateBR, type RegistroResponse } from '@veritas/common';
import { messageOf } from '../ui/api';
import { type Column, PagedTable } from '../ui/PagedTable';
import { usePaging } from '../ui/usePaging';
import { PrazoText } from './PrazoText';
import { StatusChip } from './StatusChip';

export type RegistroRow = RegistroResponse & { id: string };

/**
 * One page of GET /api/registros under `filter` and `sort` (both run on the server), back to the
 * first page whenever the filter changes.
 */
export function useRegistrosPage(filter: Record<string, unknown>, sort: { field: string; order: 'ASC' | 'DESC' } = { field: 'createdAt', order: 'DESC' }) {
  const paging = usePaging(JSON.stringify(filter));
  const list = useGetList<RegistroRow>('registros', { pagination: paging.pagination, sort, filter });
  return { paging, list };
}

/**
 * The columns every registros list shows; `extra` adds an action column at the end. On a phone
 * the status stays and the due date goes, unless the list is about due dates (`focus: 'prazo'`).
 */
export function registroColumns(extra?: Column<RegistroRow>, focus: 'status' | 'prazo' = 'status'): Column<RegistroRow>[] {
  const columns: Column<RegistroRow>[] = [
    {
      key: 'numero',
      label: 'Protocolo',
      render: (r) => (
        <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
          {r.numero}
        </Typography>
      ),
    },
    { key: 'cliente', label: 'Cliente', render: (r) => r.clienteNome ?? '—' },
    { key: 'tipo', label: 'Serviço', render: (r) => r.tipo, hideBelow: 'md' },
    { key: 'status', label: 'Status', render: (r) => <StatusChip status={r.status} />, hideBelow: focus === 'prazo' ? 'sm' : undefined },
    {
      key: 'responsavel',
      label: 'Responsável',
      render: (r) => r.responsavelNome ?? <Typography variant="body2" color="text.secondary">Sem responsável</Typography>,
      hideBelow: 'md',
    },
    { key: 'prazo', label: 'Prazo', render: (r) => <PrazoText registro={r} />, hideBelow: focus === 'prazo' ? undefined : 'sm' },
    { key: 'data', label: 'Solicitado em', render: (r) => formatDateBR(r.data), hideBelow: 'md' },
  ];
  return extra ? [...columns, extra] : columns;
}

/** A page of registros in the panel's table, a row opening its details. */
export function RegistrosTable(props: {
  label: string;
  page: ReturnType<typeof useRegistrosPage>;
  emptyText: string;
  onOpen: (r: RegistroRow) => void;
  extra?: Column<RegistroRow>;
  focus?: 'status' | 'prazo';
}) {
  const { label, page, emptyText, onOpen, extra, focus } = props;
  const { list, paging } = page;
  return (
    <PagedTable
      label={label}
      columns={registroColumns(extra, focus)}
      rows={list.data}
      loading={list.isFetching}
      error={list.error ? messageOf(list.error, 'Erro ao carregar registros.') : null}
      emptyText={emptyText}
      total={list.total ?? 0}
      page={paging.page}
      perPage={paging.perPage}
      onPageChange={paging.setPage}
      onPerPageChange={paging.setPerPage}
      onRowClick={onOpen}
    />
  );
}

export { SCREEN_SX } from './screen';
