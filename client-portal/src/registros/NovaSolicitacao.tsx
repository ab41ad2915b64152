import { type FormEvent, useId, useState } from 'react';
import { formatBRL, type DataEnvelope, type RegistroDetalheResponse, type ServicoDisponivelResponse } from '@veritas/common';
import { UploadProgress } from '../documentos/UploadProgress';
import { api, errorMessage, UNEXPECTED, upload, useApi } from '../lib/api';
import { ACCEPT_ATTRIBUTE, ACCEPTED_HELP, fileRefusal, formatBytes, SIZE_HELP } from '@veritas/web';
import { Dialog } from '../ui/Dialog';
import { FilePicker } from '../ui/FilePicker';

const DESCRICAO_MAX = 4000;

type FileState = { file: File; status: 'waiting' | 'sending' | 'sent' | 'failed'; fraction: number; message?: string };

function servicoLabel(s: ServicoDisponivelResponse): string {
  return s.valor !== null ? `${s.nome} — ${formatBRL(s.valor)}` : s.nome;
}

/**
 * 'Nova Solicitação': choose a service, describe it, attach documents, send. The registro is
 * created first; the attachments then go up one by one, linked to it, each with its progress.
 * A failed attachment never undoes the request: it is reported, and can be sent again from the
 * registro's details.
 */
export function NovaSolicitacao({ onClose, onCreated, onOpen }: { onClose: () => void; onCreated: () => void; onOpen: (id: string) => void }) {
  const servicos = useApi<DataEnvelope<ServicoDisponivelResponse[]>>('/api/registros/servicos');
  const [servico, setServico] = useState('');
  const [descricao, setDescricao] = useState('');
  const [files, setFiles] = useState<FileState[]>([]);
  const [errors, setErrors] = useState<{ servico?: string; descricao?: string; files?: string; form?: string }>({});
  const [sending, setSending] = useState(false);
  const [created, setCreated] = useState<RegistroDetalheResponse | null>(null);
  const ids = { servico: useId(), descricao: useId() };

  const chosen = servicos.data?.data.find((s) => s.codigo === servico);

  function addFiles(list: FileList | null) {
    if (!list) return;
    const refusals: string[] = [];
    const next = [...files];
    for (const file of Array.from(list)) {
      const refusal = fileRefusal(file);
      if (refusal) refusals.push(refusal);
      else next.push({ file, status: 'waiting', fraction: 0 });
    }
    setFiles(next);
    setErrors((e) => ({ ...e, files: refusals.length ? refusals.join(' ') : undefined }));
  }

  function patchFile(index: number, patch: Partial<FileState>) {
    setFiles((list) => list.map((f, i) => (i === index ? { ...f, ...patch } : f)));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!servico) found.servico = 'Selecione um serviço.';
    if (!descricao.trim()) found.descricao = 'Descreva a sua solicitação.';
    setErrors(found);
    if (found.servico || found.descricao) return;

    setSending(true);
    let registro: RegistroDetalheResponse;
    try {
      registro = (await api<DataEnvelope<RegistroDetalheResponse>>('/api/registros', { method: 'POST', body: { servico, descricao: descricao.trim() } })).data;
    } catch (e) {
      setErrors({ form: errorMessage(e, UNEXPECTED) });
      setSending(false);
      return;
    }
    onCreated();
    for (let i = 0; i < files.length; i++) {
      patchFile(i, { status: 'sending', fraction: 0 });
      try {
        await upload(files[i].file, { registroId: registro._id }, (fraction) => patchFile(i, { fraction }));
        patchFile(i, { status: 'sent', fraction: 1 });
      } catch (e) {
        patchFile(i, { status: 'failed', message: errorMessage(e, UNEXPECTED) });
      }
    }
    setSending(false);
    setCreated(registro);
    if (files.length) onCreated();
  }

  if (created) {
    const failed = files.filter((f) => f.status === 'failed');
    return (
      <Dialog title="Solicitação enviada" onClose={onClose}>
        <div className="success" role="status">
          <p>Sua solicitação foi registrada com sucesso.</p>
          <p className="success__protocol">
            Protocolo: <strong>{created.numero}</strong>
          </p>
          <p className="muted">Guarde este número para acompanhar o andamento em Registros e Solicitações.</p>
        </div>
        <FileList files={files} />
        {failed.length > 0 && (
          <p className="notice notice--error" role="alert">
            {failed.length === 1 ? 'Um anexo não foi enviado.' : `${failed.length} anexos não foram enviados.`} Você pode enviá-los de novo
            nos detalhes do registro.
          </p>
        )}
        <div className="dialog__footer">
          <button type="button" className="button button--primary" onClick={() => onOpen(created._id)}>
            Ver detalhes
          </button>
          <button type="button" className="button button--outline" onClick={onClose}>
            Fechar
          </button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog title="Nova Solicitação" onClose={onClose}>
      <form onSubmit={submit} noValidate className="form">
        <div className="field">
          <label className="field__label" htmlFor={ids.servico}>
            Serviço
          </label>
          <select
            id={ids.servico}
            value={servico}
            disabled={sending || !servicos.data}
            aria-invalid={!!errors.servico}
            aria-describedby={errors.servico ? `${ids.servico}-err` : undefined}
            onChange={(e) => {
              setServico(e.target.value);
              setErrors((x) => ({ ...x, servico: undefined }));
            }}
          >
            <option value="">{servicos.data ? 'Selecione um serviço' : 'Carregando serviços...'}</option>
            {servicos.data?.data.map((s) => (
              <option key={s.codigo} value={s.codigo}>
                {servicoLabel(s)}
              </option>
            ))}
          </select>
          {errors.servico && (
            <span id={`${ids.servico}-err`} className="field__error">
              {errors.servico}
            </span>
          )}
          {servicos.error && (
            <span className="field__error" role="alert">
              {servicos.error}
            </span>
          )}
          {chosen && (
            <p className="field__help">
              Prazo estimado: {chosen.slaDiasUteis} dias úteis{chosen.valor !== null && <> · Valor: {formatBRL(chosen.valor)}</>}
            </p>
          )}
        </div>

        <div className="field">
          <label className="field__label" htmlFor={ids.descricao}>
            Descrição
          </label>
          <textarea
            id={ids.descricao}
            value={descricao}
            rows={5}
            maxLength={DESCRICAO_MAX}
            disabled={sending}
            placeholder="Conte o que precisa: a empresa, o que muda, prazos que você tem."
            aria-invalid={!!errors.descricao}
            aria-describedby={errors.descricao ? `${ids.descricao}-err` : undefined}
            onChange={(e) => {
              setDescricao(e.target.value);
              setErrors((x) => ({ ...x, descricao: undefined }));
            }}
          />
          <span className="field__help">
            {descricao.length} / {DESCRICAO_MAX}
          </span>
          {errors.descricao && (
            <span id={`${ids.descricao}-err`} className="field__error">
              {errors.descricao}
            </span>
          )}
        </div>

        <FilePicker
          label="Documentos (opcional)"
          help={`${ACCEPTED_HELP} ${SIZE_HELP}`}
          multiple
          accept={ACCEPT_ATTRIBUTE}
          disabled={sending}
          chosen={files.length ? (files.length === 1 ? '1 arquivo selecionado' : `${files.length} arquivos selecionados`) : null}
          onFiles={addFiles}
        />
        {errors.files && (
          <p className="field__error" role="alert">
            {errors.files}
          </p>
        )}
        <FileList files={files} onRemove={sending ? undefined : (i) => setFiles((list) => list.filter((_, j) => j !== i))} />

        {errors.form && (
          <p className="notice notice--error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="dialog__footer">
          <button type="submit" className="button button--primary" disabled={sending}>
            {sending ? 'Enviando...' : 'Enviar solicitação'}
          </button>
          <button type="button" className="button button--outline" disabled={sending} onClick={onClose}>
            Cancelar
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function FileList({ files, onRemove }: { files: FileState[]; onRemove?: (index: number) => void }) {
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
