import { useState } from 'react';
import type { DocumentoResponse, ListEnvelope, RegistroResponse } from '@veritas/common';
import { listQuery, pageRange, useApi } from '../lib/api';
import { Dialog } from '../ui/Dialog';
import { FilterBar, ListBody, useListFilters } from '../ui/Filters';
import { Pager } from '../ui/Pager';
import { DocumentCard } from './DocumentCard';
import { UploadForm } from './UploadForm';

const PAGE_SIZE = 12;

type Origem = 'equipe' | 'cliente';
const ORIGENS: readonly { value: Origem; label: string }[] = [
  { value: 'equipe', label: 'Enviados pelo escritório' },
  { value: 'cliente', label: 'Enviados por você' },
];

/** 'Documentos': the card grid with Download, a search, and 'Enviar Documento'. */
export function DocumentosTab({
  version,
  onChanged,
  uploading,
  setUploading,
}: {
  version: number;
  onChanged: () => void;
  /** The 'Enviar Documento' dialog is open (/cliente/novo-documento). */
  uploading: boolean;
  setUploading: (open: boolean) => void;
}) {
  const filters = useListFilters<Origem>();
  const { q, choice: origem, page } = filters;
  const list = useApi<ListEnvelope<DocumentoResponse>>(
    `/api/documentos/me${listQuery({ ...(q && { q }), ...(origem && { enviadoPor: origem }) }, pageRange(page, PAGE_SIZE))}`,
    version,
  );
  // Only needed to offer "which registro" in the upload form.
  const registros = useApi<ListEnvelope<RegistroResponse>>(uploading ? `/api/registros/me${listQuery({}, { from: 0, to: 199 })}` : null);

  return (
    <section aria-labelledby="documentos-title">
      <div className="section-head">
        <h2 id="documentos-title">Documentos</h2>
        <button type="button" className="button button--primary" onClick={() => setUploading(true)}>
          Enviar Documento
        </button>
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
                <DocumentCard key={doc._id} doc={doc} onChanged={onChanged} />
              ))}
            </div>
            <Pager page={page} size={PAGE_SIZE} total={total} onPage={filters.setPage} />
          </>
        )}
      </ListBody>

      {uploading && (
        <Dialog title="Enviar Documento" onClose={() => setUploading(false)}>
          <UploadForm registros={registros.data?.data} onUploaded={onChanged} />
        </Dialog>
      )}
    </section>
  );
}
