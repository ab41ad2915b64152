import { useQuery } from '@tanstack/react-query';
import { formatBytes } from '@veritas/web';
import { DownloadButton } from '../documentos/DownloadButton';
import { UploadForm } from '../documentos/UploadForm';
import { ALL, queries } from '../lib/queries';
import { ErrorNotice } from '../ui/Notice';

/** The registro's documents, both ways, each with its Download; while it is open, one more can be attached. */
export function RegistroDocumentos({ registroId, aberto }: { registroId: string; aberto: boolean }) {
  const docs = useQuery(queries.documentos({ filter: { registroId }, range: ALL }));
  const rows = docs.data?.data;
  return (
    <>
      <h3 className="subhead">Documentos</h3>
      <ErrorNotice error={docs.error} />
      {rows && rows.length === 0 && <p className="muted">Nenhum documento neste registro.</p>}
      {rows && rows.length > 0 && (
        <ul className="doc-list">
          {rows.map((d) => (
            <li key={d._id} className="doc-list__item">
              <div>
                <strong>{d.titulo}</strong>
                <span className="muted">
                  {' '}
                  · {d.tipo} · {formatBytes(d.tamanho)} · {d.enviadoPor === 'equipe' ? 'do escritório' : 'enviado por você'}
                </span>
              </div>
              <DownloadButton doc={d} />
            </li>
          ))}
        </ul>
      )}
      {aberto && (
        <details className="attach">
          <summary>Anexar documento a este registro</summary>
          <UploadForm registroId={registroId} />
        </details>
      )}
    </>
  );
}
