import { useState } from 'react';
import { formatDateBR, type DocumentoResponse } from '@veritas/common';
import { formatBytes } from '@veritas/web';
import { useExcluirDocumento } from '../lib/mutations';
import { ErrorNotice } from '../ui/Notice';
import { DownloadButton } from './DownloadButton';

/** One document of the grid: what it is, where it came from, Download, and Excluir for an own unread upload. */
export function DocumentCard({ doc }: { doc: DocumentoResponse }) {
  const fromFirm = doc.enviadoPor === 'equipe';
  const deletable = !fromFirm && !doc.lidoEquipeEm;
  const [confirming, setConfirming] = useState(false);
  const excluir = useExcluirDocumento();

  function remove() {
    excluir.mutate(doc._id, { onError: () => setConfirming(false) });
  }

  return (
    <article className="doc-card" aria-label={doc.titulo}>
      <div className="doc-card__head">
        <span className="doc-card__type">{doc.tipo}</span>
        {fromFirm && !doc.baixadoClienteEm && <span className="badge badge--new">Novo</span>}
      </div>
      <h3 className="doc-card__title">{doc.titulo}</h3>
      <p className="doc-card__meta">
        {formatDateBR(doc.data)} · {formatBytes(doc.tamanho)}
      </p>
      <p className="doc-card__meta">
        {fromFirm ? 'Enviado pelo escritório' : `Enviado por ${doc.enviadoPorNome}`}
        {doc.registroNumero && <> · <span className="nowrap">Registro {doc.registroNumero}</span></>}
      </p>
      <div className="doc-card__actions">
        <DownloadButton doc={doc} />
        {deletable && !confirming && (
          <button type="button" className="button button--outline button--small" onClick={() => setConfirming(true)}>
            Excluir
          </button>
        )}
      </div>
      {confirming && (
        <div className="confirm" role="group" aria-label="Confirmar exclusão">
          <p>Excluir este documento?</p>
          <button type="button" className="button button--danger button--small" disabled={excluir.isPending} onClick={remove}>
            Sim, excluir
          </button>
          <button type="button" className="button button--outline button--small" onClick={() => setConfirming(false)}>
            Não
          </button>
        </div>
      )}
      <ErrorNotice error={excluir.error} />
    </article>
  );
}
