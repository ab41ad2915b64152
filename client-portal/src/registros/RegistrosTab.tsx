import { useQuery } from '@tanstack/react-query';
import { Outlet, useLocation } from 'react-router';
import { PORTAL_PATHS, REGISTRO_STATUS_LABELS, type RegistroStatus } from '@veritas/common';
import { pageRange } from '@veritas/web';
import { queries } from '../lib/queries';
import { useOpenDialog } from '../portal/navigation';
import { FilterBar, ListBody, useListFilters } from '../ui/Filters';
import { Pager } from '../ui/Pager';
import { RegistrosTable } from './RegistrosTable';
import { usePode } from '../membros/capacidades';

const PAGE_SIZE = 10;

/** The spec's filter options (§2.15) in its order, and cancelado, which issue 6 adds. */
const STATUS_OPTIONS = (['andamento', 'pendente', 'concluido', 'recusado', 'cancelado'] as const).map((s) => ({
  value: s,
  label: REGISTRO_STATUS_LABELS[s],
}));

/**
 * 'Registros e Solicitações': search, status filter, the table, paging; a registro's details and
 * a new request open as dialogs over it (their routes render in the Outlet), the filters kept.
 */
export function RegistrosTab() {
  const filters = useListFilters<RegistroStatus>('status');
  const { q, choice: status, page } = filters;
  const list = useQuery(queries.registros({ filter: { ...(q && { q }), ...(status && { status }) }, range: pageRange(page, PAGE_SIZE) }));
  const open = useOpenDialog();
  const { search } = useLocation();
  const onDetails = (id: string) => open({ pathname: PORTAL_PATHS.registro(id), search });
  const onNew = () => open({ pathname: PORTAL_PATHS.novaSolicitacao, search });
  const podeSolicitar = usePode('solicitar');

  return (
    <section aria-labelledby="registros-title">
      <div className="section-head">
        <h1 className="tab-title" id="registros-title">Registros e Solicitações</h1>
        {podeSolicitar && (
          <button type="button" className="button button--primary" onClick={onNew}>
            Nova Solicitação
          </button>
        )}
      </div>
      <FilterBar filters={filters} placeholder="Protocolo, tipo ou descrição" choiceLabel="Status" options={STATUS_OPTIONS} />
      <ListBody
        list={list}
        filtered={filters.active}
        loadingText="Carregando registros..."
        noResults="Nenhum registro encontrado para os filtros selecionados."
        empty={
          <div className="empty">
            <p>Você ainda não tem registros ou solicitações.</p>
            <button type="button" className="button button--primary" onClick={onNew}>
              Fazer a primeira solicitação
            </button>
          </div>
        }
      >
        {(rows, total) => (
          <>
            <p className="muted" aria-live="polite">
              {total === 1 ? '1 registro' : `${total} registros`}
            </p>
            <RegistrosTable rows={rows} onDetails={onDetails} caption="Seus registros e solicitações" />
            <Pager page={page} size={PAGE_SIZE} total={total} onPage={filters.setPage} />
          </>
        )}
      </ListBody>
      <Outlet />
    </section>
  );
}
