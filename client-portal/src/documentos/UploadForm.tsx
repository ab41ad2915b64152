import { type FormEvent, useRef, useState } from 'react';
import type { RegistroResponse } from '@veritas/common';
import { errorMessage, UNEXPECTED } from '../lib/api';
import { useEnviarDocumento } from '../lib/mutations';
import { ACCEPT_ATTRIBUTE, ACCEPTED_HELP, fileRefusal, formatBytes, SIZE_HELP } from '@veritas/web';
import { FilePicker } from '../ui/FilePicker';
import { UploadProgress } from './UploadProgress';

type State = { kind: 'idle' } | { kind: 'sending'; fraction: number } | { kind: 'done'; titulo: string } | { kind: 'error'; message: string };

/**
 * 'Enviar Documento': one file, an optional title and, unless fixed by the caller, an optional
 * registro it belongs to. The progress comes from the upload's own events; the server's 413/415
 * messages are shown as they are.
 */
export function UploadForm({
  registroId,
  registros,
}: {
  /** Fixed: the document goes to this registro (the registro's own details). */
  registroId?: string;
  /** Offered when registroId is not fixed. */
  registros?: RegistroResponse[];
}) {
  const enviar = useEnviarDocumento();
  const [file, setFile] = useState<File | null>(null);
  const [titulo, setTitulo] = useState('');
  const [registro, setRegistro] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const sending = state.kind === 'sending';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setState({ kind: 'error', message: 'Escolha um arquivo para enviar.' });
      return;
    }
    const refusal = fileRefusal(file);
    if (refusal) {
      setState({ kind: 'error', message: refusal });
      return;
    }
    setState({ kind: 'sending', fraction: 0 });
    try {
      const doc = await enviar.mutateAsync({
        file,
        fields: { registroId: registroId ?? (registro || undefined), titulo: titulo.trim() || undefined },
        onProgress: (fraction) => setState({ kind: 'sending', fraction }),
      });
      setState({ kind: 'done', titulo: doc.titulo });
      setFile(null);
      setTitulo('');
      if (input.current) input.current.value = '';
    } catch (error) {
      setState({ kind: 'error', message: errorMessage(error, UNEXPECTED) });
    }
  }

  return (
    <form className="upload" onSubmit={submit} noValidate>
      <FilePicker
        label="Arquivo"
        help={`${ACCEPTED_HELP} ${SIZE_HELP}`}
        accept={ACCEPT_ATTRIBUTE}
        disabled={sending}
        inputRef={input}
        chosen={file ? `${file.name} (${formatBytes(file.size)})` : null}
        onFiles={(files) => {
          setFile(files?.[0] ?? null);
          setState({ kind: 'idle' });
        }}
      />
      <label className="field">
        <span className="field__label">Título (opcional)</span>
        <input type="text" value={titulo} maxLength={200} disabled={sending} onChange={(e) => setTitulo(e.target.value)} />
      </label>
      {!registroId && registros && registros.length > 0 && (
        <label className="field">
          <span className="field__label">Registro (opcional)</span>
          <select value={registro} disabled={sending} onChange={(e) => setRegistro(e.target.value)}>
            <option value="">Nenhum</option>
            {registros.map((r) => (
              <option key={r._id} value={r._id}>
                {r.numero} · {r.tipo}
              </option>
            ))}
          </select>
        </label>
      )}
      {state.kind === 'sending' && <UploadProgress fraction={state.fraction} label="Enviando arquivo..." />}
      {state.kind === 'error' && (
        <p className="notice notice--error" role="alert">
          {state.message}
        </p>
      )}
      {state.kind === 'done' && (
        <p className="notice notice--success" role="status">
          Documento "{state.titulo}" enviado com sucesso.
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={sending}>
        {sending ? 'Enviando...' : 'Enviar'}
      </button>
    </form>
  );
}
