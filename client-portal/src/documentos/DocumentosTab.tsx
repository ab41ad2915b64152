import { useQuery } from '@tanstack/react-query';
import { Outlet, useLocation } from 'react-router';
import { PORTAL_PATHS } from '@veritas/common';
import { pageRange } from '@veritas/web';
import { queries } from '../lib/queries';
import { useOpenDialog } from '../portal/navigation';
import { FilterBar, ListBody, useListFilters } from '../ui/Filters';
import { Pager } from '../ui/Pager';
import { DocumentCard } from './DocumentCard';
import { usePode } from '../membros/capacidades';

const PAGE_SIZE = 12;

type Origem = 'equipe' | 'cliente';
const ORIGENS: readonly { value: Origem; label: string }[] = [
  { value: 'equipe', label: 'Enviados pelo escritório' },
  { value: 'cliente', label: 'Enviados por você' },
];

/** 'Documentos': the card grid with Download, a search, and 'Enviar Documento' (a dialog of its own address). */
export function DocumentosTab() {
  const filters = useListFilters<Origem>('origem');
  const { q, choice: origem, page } = filters;
  const list = useQuery(queries.documentos({ filter: { ...(q && { q }), ...(origem && { enviadoPor: origem }) }, range: pageRange(page, PAGE_SIZE) }));
  const open = useOpenDialog();
  const { search } = useLocation();
  const podeEnviar = usePode('enviar_documentos');

  return (
    <section aria-labelledby="documentos-title">
      <div className="section-head">
        <h1 className="tab-title" id="documentos-title">Documentos</h1>
        {podeEnviar && (
          <button type="button" className="button button--primary" onClick={() => open({ pathname: PORTAL_PATHS.novoDocumento, search })}>
            Enviar Documento
          </button>
        )}
      </div>
      <FilterBar filters={filters} placeholder="Título ou nome do arquivo" choiceLabel="Origem" options={ORIGENS} />
      <ListBody
        list={list}
        filtered={filters.active}
        loadingText="Carregando documentos..."
        noResults="Nenhum documento encontrado para esta busca."
        empty={<p className="empty">Você ainda não tem documentos. Envie o primeiro em 'Enviar Documento'.</p>}
      >
        {(docs, total) => (
          <>
            <div className="doc-grid">
              {docs.map((doc) => (
                <DocumentCard key={doc._id} doc={doc} />
              ))}
            </div>
            <Pager page={page} size={PAGE_SIZE} total={total} onPage={filters.setPage} />
          </>
        )}
      </ListBody>
      <Outlet />
    </section>
  );
}
