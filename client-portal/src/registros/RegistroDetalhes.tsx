import { type FormEvent, useState } from 'react';
import {
  formatBRL,
  formatDateTimeBR,
  isFinalStatus,
  type DataEnvelope,
  type DocumentoResponse,
  type ListEnvelope,
  type RegistroDetalheResponse,
} from '@veritas/common';
import { DownloadButton } from '../documentos/DownloadButton';
import { UploadForm } from '../documentos/UploadForm';
import { api, errorMessage, UNEXPECTED, listQuery, useApi } from '../lib/api';
import { formatBytes } from '@veritas/web';
import { Dialog } from '../ui/Dialog';
import { StatusBadge } from '../ui/StatusBadge';
import { prazoText } from './prazo';
import { ChecklistCliente, ExigenciasCliente } from './Checklist';
import { ProgressLine } from './ProgressLine';
import { Timeline } from './Timeline';

/** A registro opened from 'Detalhes': its data, due date, timeline, documents, and cancel while pendente. */
export function RegistroDetalhes({ id, onClose, onChanged }: { id: string; onClose: () => void; onChanged: () => void }) {
  const registro = useApi<DataEnvelope<RegistroDetalheResponse>>(`/api/registros/${id}`);
  const docs = useApi<ListEnvelope<DocumentoResponse>>(`/api/documentos/me${listQuery({ registroId: id }, { from: 0, to: 199 })}`);
  const r = registro.data?.data;

  const changed = () => {
    registro.reload();
    docs.reload();
    onChanged();
  };

  return (
    <Dialog title={r ? `Registro ${r.numero}` : 'Registro'} onClose={onClose}>
      {registro.error && (
        <p className="notice notice--error" role="alert">
          {registro.error}
        </p>
      )}
      {!r ? (
        !registro.error && (
          <p className="muted" role="status">
            Carregando...
          </p>
        )
      ) : (
        <>
          <dl className="details">
            <div className="details__row">
              <dt>Serviço</dt>
              <dd>{r.tipo}</dd>
            </div>
            <div className="details__row">
              <dt>Status</dt>
              <dd>
                <StatusBadge status={r.status} />
              </dd>
            </div>
            <div className="details__row">
              <dt>Solicitado em</dt>
              <dd>{formatDateTimeBR(r.data)}</dd>
            </div>
            <div className="details__row">
              <dt>Prazo</dt>
              <dd>{prazoText(r)}</dd>
            </div>
            {r.valor !== null && (
              <div className="details__row">
                <dt>Valor</dt>
                <dd>{formatBRL(r.valor)}</dd>
              </div>
            )}
            <div className="details__row">
              <dt>Responsável</dt>
              <dd>{r.responsavelNome ?? 'Aguardando atribuição'}</dd>
            </div>
            <div className="details__row">
              <dt>Descrição</dt>
              <dd className="pre-line">{r.descricao}</dd>
            </div>
          </dl>

          {r.etapas && r.etapas.length > 0 && (
            <>
              <h3 className="subhead">Etapas do processo</h3>
              <ProgressLine etapas={r.etapas} previsao={r.previsao} />
            </>
          )}

          {r.exigencias && <ExigenciasCliente exigencias={r.exigencias} />}
          {r.checklist && <ChecklistCliente registroId={r._id} itens={r.checklist} aberto={!isFinalStatus(r.status)} onChanged={changed} />}

          <h3 className="subhead">Andamento</h3>
          <Timeline lines={r.historico} />

          <h3 className="subhead">Documentos</h3>
          {docs.error && (
            <p className="notice notice--error" role="alert">
              {docs.error}
            </p>
          )}
          {docs.data && docs.data.data.length === 0 && <p className="muted">Nenhum documento neste registro.</p>}
          {docs.data && docs.data.data.length > 0 && (
            <ul className="doc-list">
              {docs.data.data.map((d) => (
                <li key={d._id} className="doc-list__item">
                  <div>
                    <strong>{d.titulo}</strong>
                    <span className="muted">
                      {' '}
                      · {d.tipo} · {formatBytes(d.tamanho)} · {d.enviadoPor === 'equipe' ? 'do escritório' : 'enviado por você'}
                    </span>
                  </div>
                  <DownloadButton doc={d} onDownloaded={changed} />
                </li>
              ))}
            </ul>
          )}
          {!isFinalStatus(r.status) && (
            <details className="attach">
              <summary>Anexar documento a este registro</summary>
              <UploadForm registroId={r._id} onUploaded={changed} />
            </details>
          )}

          {r.status === 'pendente' && <CancelRequest id={r._id} onCancelled={changed} />}
        </>
      )}
    </Dialog>
  );
}

/** A client gives up on a request that has not started (or waits on it): confirmed first, with an optional reason. */
function CancelRequest({ id, onCancelled }: { id: string; onCancelled: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [motivo, setMotivo] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api(`/api/registros/${id}/status`, { method: 'PUT', body: { status: 'cancelado', note: motivo.trim() || undefined } });
      setConfirming(false);
      onCancelled();
    } catch (e) {
      setError(errorMessage(e, UNEXPECTED));
    } finally {
      setBusy(false);
    }
  }

  if (!confirming) {
    return (
      <div className="dialog__footer">
        <button type="button" className="button button--danger-outline" onClick={() => setConfirming(true)}>
          Cancelar solicitação
        </button>
      </div>
    );
  }
  return (
    <form className="confirm confirm--block" onSubmit={submit}>
      <p>
        <strong>Tem certeza que deseja cancelar esta solicitação?</strong> Esta ação não pode ser desfeita.
      </p>
      <label className="field">
        <span className="field__label">Motivo (opcional)</span>
        <textarea value={motivo} maxLength={2000} rows={2} onChange={(e) => setMotivo(e.target.value)} />
      </label>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      <div className="confirm__buttons">
        <button type="submit" className="button button--danger" disabled={busy}>
          {busy ? 'Cancelando...' : 'Sim, cancelar'}
        </button>
        <button type="button" className="button button--outline" disabled={busy} onClick={() => setConfirming(false)}>
          Não
        </button>
      </div>
    </form>
  );
}
