import { formatBytes } from '@veritas/web';
import { UploadProgress } from '../documentos/UploadProgress';

/** A file chosen for a new request, and how its upload went. */
export type Anexo = { file: File; status: 'waiting' | 'sending' | 'sent' | 'failed'; fraction: number; message?: string };

/** The files of a new request: each with its progress while it goes up, then sent or the reason it failed. */
export function Anexos({ files, onRemove }: { files: Anexo[]; onRemove?: (index: number) => void }) {
  if (!files.length) return null;
  return (
    <ul className="file-list">
      {files.map((f, i) => (
        <li key={`${f.file.name}-${i}`} className="file-list__item">
          <span>
            {f.file.name} <span className="muted">({formatBytes(f.file.size)})</span>
          </span>
          {f.status === 'sending' && <UploadProgress fraction={f.fraction} label={`Enviando ${f.file.name}...`} />}
          {f.status === 'sent' && <span className="ok">Enviado</span>}
          {f.status === 'failed' && <span className="field__error">{f.message}</span>}
          {f.status === 'waiting' && onRemove && (
            <button type="button" className="button button--outline button--small" aria-label={`Remover ${f.file.name}`} onClick={() => onRemove(i)}>
              Remover
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
