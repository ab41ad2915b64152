import { type FormEvent, useRef, useState } from 'react';
import { formatDateBR, type ChecklistItemResponse, type ChecklistStatus, type ExigenciaResponse } from '@veritas/common';
import { ACCEPT_ATTRIBUTE, ACCEPTED_HELP, fileRefusal, formatBytes, SIZE_HELP } from '@veritas/web';
import { errorMessage, UNEXPECTED } from '../lib/api';
import { useEnviarItem } from '../lib/mutations';
import { UploadProgress } from '../documentos/UploadProgress';
import { FilePicker } from '../ui/FilePicker';

export const CHECKLIST_CLIENTE_LABELS: Readonly<Record<ChecklistStatus, string>> = {
  pendente: 'Pendente',
  enviado: 'Enviado — em análise',
  aceito: 'Aceito',
  recusado: 'Recusado',
};

/** Once the registro is closed nothing is awaited: an item never sent was simply not sent. */
const CHECKLIST_ENCERRADO_LABELS: Readonly<Record<ChecklistStatus, string>> = {
  ...CHECKLIST_CLIENTE_LABELS,
  pendente: 'Não enviado',
  enviado: 'Enviado',
};

/** The Junta's open exigências: what is asked and until when. */
export function ExigenciasCliente({ exigencias }: { exigencias: ExigenciaResponse[] }) {
  const abertas = exigencias.filter((e) => e.status !== 'cumprida');
  if (!abertas.length) return null;
  return (
    <>
      <h3 className="subhead">Exigências da Junta Comercial</h3>
      <ul className="exigencias" aria-label="Exigências abertas">
        {abertas.map((e) => (
          <li key={e._id} className="notice notice--error exigencias__item">
            <p className="pre-line">
              <strong>O que é preciso:</strong> {e.descricao}
            </p>
            <p className="muted">
              Notificada em {formatDateBR(e.notificadaEm)} · prazo até {formatDateBR(e.prazo)}
              {e.status === 'expirada' ? ' (prazo expirado: fale com o escritório)' : ''}. Envie os documentos pedidos no checklist
              abaixo ou em "Anexar documento".
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The registro's document checklist for the client: each item's state and, while it is open, a file to send when needed. */
export function ChecklistCliente({ registroId, itens, aberto }: { registroId: string; itens: ChecklistItemResponse[]; aberto: boolean }) {
  if (!itens.length) return null;
  const labels = aberto ? CHECKLIST_CLIENTE_LABELS : CHECKLIST_ENCERRADO_LABELS;
  return (
    <>
      <h3 className="subhead">Documentos necessários</h3>
      <ul className="checklist" aria-label="Documentos necessários">
        {[...itens]
          .sort((a, b) => a.ordem - b.ordem)
          .map((item) => (
            <li key={item._id} className={`checklist__item checklist__item--${item.status}`} aria-label={item.nome}>
              <p className="checklist__head">
                <strong>{item.nome}</strong>
                {!item.obrigatorio && <span className="muted"> (opcional)</span>}{' '}
                <span className={`checklist__status checklist__status--${aberto || item.status !== 'pendente' ? item.status : 'nao-enviado'}`}>{labels[item.status]}</span>
              </p>
              {item.descricao && <p className="muted">{item.descricao}</p>}
              {item.nomeArquivo && item.status !== 'pendente' && (
                <p className="muted">
                  Arquivo: {item.nomeArquivo}
                  {item.enviadoEm ? ` · enviado em ${formatDateBR(item.enviadoEm)}` : ''}
                </p>
              )}
              {item.status === 'recusado' && item.motivo && (
                <p className="notice notice--error" role="note">
                  <strong>Motivo da recusa:</strong> {item.motivo}
                </p>
              )}
              {aberto && (item.status === 'pendente' || item.status === 'recusado') && (
                <EnviarItem registroId={registroId} item={item} />
              )}
            </li>
          ))}
      </ul>
    </>
  );
}

type State = { kind: 'idle' } | { kind: 'sending'; fraction: number } | { kind: 'error'; message: string };

function EnviarItem({ registroId, item }: { registroId: string; item: ChecklistItemResponse }) {
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const enviar = useEnviarItem(registroId, item._id);
  const input = useRef<HTMLInputElement>(null);
  const sending = state.kind === 'sending';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setState({ kind: 'error', message: 'Escolha um arquivo para enviar.' });
    const refusal = fileRefusal(file);
    if (refusal) return setState({ kind: 'error', message: refusal });
    setState({ kind: 'sending', fraction: 0 });
    try {
      await enviar.mutateAsync({ file, onProgress: (fraction) => setState({ kind: 'sending', fraction }) });
      setState({ kind: 'idle' });
      setFile(null);
      if (input.current) input.current.value = '';
    } catch (error) {
      setState({ kind: 'error', message: errorMessage(error, UNEXPECTED) });
    }
  }

  return (
    <form className="upload checklist__upload" onSubmit={submit} noValidate aria-label={`Enviar ${item.nome}`}>
      <FilePicker
        label={item.status === 'recusado' ? 'Novo arquivo' : 'Arquivo'}
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
      {state.kind === 'sending' && <UploadProgress fraction={state.fraction} label="Enviando arquivo..." />}
      {state.kind === 'error' && (
        <p className="notice notice--error" role="alert">
          {state.message}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={sending}>
        {sending ? 'Enviando...' : 'Enviar'}
      </button>
    </form>
  );
}
