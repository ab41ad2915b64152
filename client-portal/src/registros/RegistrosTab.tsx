import { REGISTRO_STATUS_LABELS, type ListEnvelope, type RegistroResponse, type RegistroStatus } from '@veritas/common';
import { listQuery, pageRange, useApi } from '../lib/api';
import { FilterBar, ListBody, useListFilters } from '../ui/Filters';
import { Pager } from '../ui/Pager';
import { RegistrosTable } from './RegistrosTable';

const PAGE_SIZE = 10;

/** The spec's filter options (§2.15) in its order, and cancelado, which issue 6 adds. */
const STATUS_OPTIONS = (['andamento', 'pendente', 'concluido', 'recusado', 'cancelado'] as const).map((s) => ({
  value: s,
  label: REGISTRO_STATUS_LABELS[s],
}));

/** 'Registros e Solicitações': search, status filter, the table, paging. */
export function RegistrosTab({
  initialSearch,
  version,
  onDetails,
  onNew,
}: {
  initialSearch: string;
  /** Bumped by the portal when a registro changed elsewhere (a new request, a cancel). */
  version: number;
  onDetails: (id: string) => void;
  onNew: () => void;
}) {
  const filters = useListFilters<RegistroStatus>(initialSearch);
  const { q, choice: status, page } = filters;
  const list = useApi<ListEnvelope<RegistroResponse>>(
    `/api/registros/me${listQuery({ ...(q && { q }), ...(status && { status }) }, pageRange(page, PAGE_SIZE))}`,
    version,
  );

  return (
    <section aria-labelledby="registros-title">
      <div className="section-head">
        <h2 id="registros-title">Registros e Solicitações</h2>
        <button type="button" className="button button--primary" onClick={onNew}>
          Nova Solicitação
        </button>
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
    </section>
  );
}
