import { type FormEvent, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatBRL, PORTAL_PATHS, prazoServico, type RegistroDetalheResponse, type ServicoDisponivelResponse } from '@veritas/common';
import { ACCEPT_ATTRIBUTE, ACCEPTED_HELP, fileRefusal, SIZE_HELP } from '@veritas/web';
import { errorMessage, UNEXPECTED } from '../lib/api';
import { useEnviarDocumento, useSolicitar } from '../lib/mutations';
import { queries } from '../lib/queries';
import { useCloseDialog, useOpenDialog } from '../portal/navigation';
import { Dialog } from '../ui/Dialog';
import { Notice } from '../ui/Notice';
import { FilePicker } from '../ui/FilePicker';
import { type Anexo, Anexos } from './Anexos';
import { anexosFalhosTexto } from './anexos-falhos';

const DESCRICAO_MAX = 4000;

function servicoLabel(s: ServicoDisponivelResponse): string {
  return s.valor !== null ? `${s.nome} — ${formatBRL(s.valor)}` : s.nome;
}

/**
 * 'Nova Solicitação': choose a service, describe it, attach documents, send. The registro is
 * created first; the attachments then go up one by one, linked to it, each with its progress.
 * A failed attachment never undoes the request: it is reported, and can be sent again from the
 * registro's details.
 */
export function NovaSolicitacao() {
  const servicos = useQuery(queries.servicos());
  const solicitar = useSolicitar();
  const enviar = useEnviarDocumento();
  const onClose = useCloseDialog(PORTAL_PATHS.registros);
  const open = useOpenDialog();
  const [servico, setServico] = useState('');
  const [descricao, setDescricao] = useState('');
  const [files, setFiles] = useState<Anexo[]>([]);
  const [errors, setErrors] = useState<{ servico?: string; descricao?: string; files?: string; form?: string }>({});
  const [sending, setSending] = useState(false);
  const [created, setCreated] = useState<RegistroDetalheResponse | null>(null);
  const ids = { servico: useId(), descricao: useId() };

  const chosen = servicos.data?.find((s) => s.codigo === servico);

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

  function patchFile(index: number, patch: Partial<Anexo>) {
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
      registro = await solicitar.mutateAsync({ servico, descricao: descricao.trim() });
    } catch (e) {
      setErrors({ form: errorMessage(e, UNEXPECTED) });
      setSending(false);
      return;
    }
    for (let i = 0; i < files.length; i++) {
      patchFile(i, { status: 'sending', fraction: 0 });
      try {
        await enviar.mutateAsync({ file: files[i].file, fields: { registroId: registro._id }, onProgress: (fraction) => patchFile(i, { fraction }) });
        patchFile(i, { status: 'sent', fraction: 1 });
      } catch (e) {
        patchFile(i, { status: 'failed', message: errorMessage(e, UNEXPECTED) });
      }
    }
    setSending(false);
    setCreated(registro);
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
        <Anexos files={files} />
        {failed.length > 0 && (
          <p className="notice notice--error" role="alert">
            {anexosFalhosTexto(failed.length)}
          </p>
        )}
        <div className="dialog__footer">
          {/* The new registro's details take the request form's place in history. */}
          <button type="button" className="button button--primary" onClick={() => open(PORTAL_PATHS.registro(created._id), { replace: true })}>
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
            {servicos.data?.map((s) => (
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
              {errorMessage(servicos.error, UNEXPECTED)}
            </span>
          )}
          {chosen && (
            <p className="field__help">
              Prazo estimado: {prazoServico(chosen.codigo, chosen.slaDiasUteis)}{chosen.valor !== null && <> · Valor: {formatBRL(chosen.valor)}</>}
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
        <Anexos files={files} onRemove={sending ? undefined : (i) => setFiles((list) => list.filter((_, j) => j !== i))} />

        {errors.form && <Notice kind="error">{errors.form}</Notice>}
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
