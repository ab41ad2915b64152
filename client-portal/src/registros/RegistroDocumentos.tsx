import { useQuery } from '@tanstack/react-query';
import { formatBytes } from '@veritas/web';
import { DownloadButton } from '../documentos/DownloadButton';
import { UploadForm } from '../documentos/UploadForm';
import { ALL, queries } from '../lib/queries';
import { ErrorNotice } from '../ui/Notice';
import { usePode } from '../membros/capacidades';
import { SEM_CAPACIDADE } from '@veritas/common';

/** The registro's documents, both ways, each with its Download; while it is open, one more can be attached. */
export function RegistroDocumentos({ registroId, aberto }: { registroId: string; aberto: boolean }) {
  // A member sees and sends them only as its capacities allow (issue 54).
  const [ver, enviar] = [usePode('ver_documentos'), usePode('enviar_documentos')];
  const docs = useQuery({ ...queries.documentos({ filter: { registroId }, range: ALL }), enabled: ver });
  const rows = docs.data?.data;
  return (
    <>
      <h3 className="subhead">Documentos</h3>
      {!ver && <p className="muted">{SEM_CAPACIDADE.ver_documentos}</p>}
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
                  · {d.tipo} · {formatBytes(d.tamanho)} · {d.enviadoPor === 'equipe' ? 'do escritório' : `enviado por ${d.enviadoPorNome}`}
                </span>
              </div>
              <DownloadButton doc={d} />
            </li>
          ))}
        </ul>
      )}
      {aberto && enviar && (
        <details className="attach">
          <summary>Anexar documento a este registro</summary>
          <UploadForm registroId={registroId} />
        </details>
      )}
    </>
  );
}
