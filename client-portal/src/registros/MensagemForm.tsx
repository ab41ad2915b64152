import { type FormEvent, useRef, useState } from 'react';
import { MENSAGEM_ARQUIVOS_MAX, MENSAGEM_MESSAGES, MENSAGEM_TEXTO_MAX, mensagemTextoProblem } from '@veritas/common';
import { ACCEPT_ATTRIBUTE, ACCEPTED_HELP, fileRefusal, formatBytes, SIZE_HELP } from '@veritas/web';
import { errorMessage, UNEXPECTED } from '../lib/api';
import { useEnviarMensagem } from '../lib/mutations';
import { UploadProgress } from '../documentos/UploadProgress';
import { FilePicker } from '../ui/FilePicker';

type State = { kind: 'idle' } | { kind: 'sending'; fraction: number } | { kind: 'sent' } | { kind: 'error'; message: string };

/**
 * Writes to the firm on a registro: the text and up to MENSAGEM_ARQUIVOS_MAX files, sent together with the
 * upload's progress. The shared rule checks the text before any call; the server's refusals (413, 415) are
 * shown as they come. Sent and failed are announced (role status / alert).
 */
export function MensagemForm({ registroId }: { registroId: string }) {
  const enviar = useEnviarMensagem(registroId);
  const [texto, setTexto] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const sending = state.kind === 'sending';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = mensagemTextoProblem(texto) ?? (files.length > MENSAGEM_ARQUIVOS_MAX ? MENSAGEM_MESSAGES.arquivosDemais : null) ?? files.map(fileRefusal).find(Boolean) ?? null;
    if (problem) {
      setState({ kind: 'error', message: problem });
      return;
    }
    setState({ kind: 'sending', fraction: 0 });
    try {
      await enviar.mutateAsync({ texto: texto.trim(), files, onProgress: (fraction) => setState({ kind: 'sending', fraction }) });
      setTexto('');
      setFiles([]);
      if (input.current) input.current.value = '';
      setState({ kind: 'sent' });
    } catch (error) {
      setState({ kind: 'error', message: `${MENSAGEM_MESSAGES.falhou} ${errorMessage(error, UNEXPECTED)}` });
    }
  }

  return (
    <form className="mensagem-form" onSubmit={submit} noValidate>
      <label className="field">
        <span className="field__label">Sua mensagem</span>
        <textarea rows={4} value={texto} maxLength={MENSAGEM_TEXTO_MAX} disabled={sending} onChange={(e) => setTexto(e.target.value)} />
      </label>
      <FilePicker
        label="Arquivos (opcional)"
        help={`Até ${MENSAGEM_ARQUIVOS_MAX} arquivos; viram documentos deste registro. ${ACCEPTED_HELP} ${SIZE_HELP}`}
        accept={ACCEPT_ATTRIBUTE}
        multiple
        disabled={sending}
        inputRef={input}
        chosen={files.length ? files.map((f) => `${f.name} (${formatBytes(f.size)})`).join(', ') : null}
        onFiles={(list) => {
          // Copied now: the picker empties its (live) list right after this call.
          const chosen = Array.from(list ?? []);
          setFiles((prev) => [...prev, ...chosen]);
          setState({ kind: 'idle' });
        }}
      />
      {files.length > 0 && !sending && (
        <button type="button" className="button button--outline button--small" onClick={() => setFiles([])}>
          Remover arquivos
        </button>
      )}
      {state.kind === 'sending' && <UploadProgress fraction={state.fraction} label="Enviando mensagem..." />}
      <div aria-live="polite">
        {state.kind === 'sent' && (
          <p className="notice notice--success" role="status">
            {MENSAGEM_MESSAGES.enviada}
          </p>
        )}
      </div>
      {state.kind === 'error' && (
        <p className="notice notice--error" role="alert">
          {state.message}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={sending}>
        {sending ? 'Enviando...' : 'Enviar mensagem'}
      </button>
    </form>
  );
}
