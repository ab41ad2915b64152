import { useRef, useState } from 'react';
import { DialogContent } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AutocompleteInput, Form, maxLength, required, SelectInput, TextInput, useGetList, useNotify } from 'react-admin';
import { useWatch, type FieldValues } from 'react-hook-form';
import type { AnexarAoRegistroResult, EmailAttachmentInfo, EmailVinculoView, RegistroResponse } from '@veritas/common';
import { ModalDialog } from '../layout/DialogForm';
import { FormDialogActions, FormProblem, submissionErrors } from '../layout/FormProblem';
import { useMailbox } from '../providers/emailMethods';
import { useRegistrosApi } from '../providers/registrosMethods';
import { useMailText } from './mailText';

interface Choice {
  id: string;
  name: string;
  numero: string;
}

/** What the form sends: blanks left out (no item: a document of the registro). */
export function anexarPayload(values: FieldValues): { registroId: string; itemId: string | null; titulo?: string } {
  const itemId = typeof values.itemId === 'string' && values.itemId ? values.itemId : null;
  const titulo = typeof values.titulo === 'string' ? values.titulo.trim() : '';
  return { registroId: String(values.registroId), itemId, ...(!itemId && titulo ? { titulo } : {}) };
}

/**
 * The registro: the message's own registros first (its links), then those found by protocol or client
 * (GET /api/registros?filter={q}, which shows each caller only the registros it may see).
 */
function RegistroInput({ emailId }: { emailId: string }) {
  const t = useMailText();
  const mail = useMailbox();
  const [q, setQ] = useState('');
  const seen = useRef(new Map<string, Choice>());
  const links = useQuery({ queryKey: ['emails', 'getEmailVinculos', emailId], queryFn: ({ signal }) => mail.getEmailVinculos(emailId, signal) });
  const found = useGetList<RegistroResponse & { id: string }>('registros', { filter: { q }, pagination: { page: 1, perPage: 10 }, sort: { field: 'numero', order: 'DESC' } }, { enabled: q.trim().length >= 2 });
  const linked: Choice[] = (links.data ?? [])
    .filter((l: EmailVinculoView) => l.registroId)
    .map((l) => ({ id: l.registroId!, numero: l.registroNumero ?? '', name: `${l.registroNumero} — ${l.clienteNome ?? ''} (${t('reader.anexar.vinculado')})` }));
  const searched: Choice[] = (found.data ?? []).map((r) => ({ id: r._id, numero: r.numero, name: `${r.numero} — ${r.clienteNome ?? ''} · ${r.tipo}` }));
  for (const c of [...linked, ...searched]) if (!seen.current.has(c.id)) seen.current.set(c.id, c);
  const first = new Set([...linked, ...searched].map((c) => c.id));
  const choices = [...linked, ...searched.filter((c) => !linked.some((l) => l.id === c.id)), ...[...seen.current.values()].filter((c) => !first.has(c.id))];
  return (
    <AutocompleteInput
      source="registroId"
      label={t('reader.anexar.registro')}
      choices={choices}
      translateChoice={false}
      setFilter={setQ}
      validate={required()}
      helperText={t('reader.anexar.registroHelp')}
      noOptionsText="Nenhum registro encontrado"
    />
  );
}

/** A pending (or refused) checklist item of the chosen registro, optional; without one, a title for the document. */
function ItemInput() {
  const t = useMailText();
  const api = useRegistrosApi();
  const registroId = useWatch({ name: 'registroId' }) as string | null | undefined;
  const itemId = useWatch({ name: 'itemId' }) as string | null | undefined;
  const itens = useQuery({ queryKey: ['registro', registroId, 'checklist'], queryFn: () => api.getChecklist(registroId!), enabled: !!registroId });
  const choices = (itens.data ?? []).filter((i) => i.status === 'pendente' || i.status === 'recusado').map((i) => ({ id: i._id, name: i.status === 'recusado' ? `${i.nome} (recusado)` : i.nome }));
  return (
    <>
      <SelectInput
        source="itemId"
        label={t('reader.anexar.item')}
        choices={choices}
        translateChoice={false}
        emptyText={t('reader.anexar.semItem')}
        disabled={!registroId}
        isPending={!!registroId && itens.isPending}
        helperText={t('reader.anexar.itemHelp')}
      />
      {!itemId && <TextInput source="titulo" label={t('reader.anexar.titulo')} validate={maxLength(200)} helperText={t('reader.anexar.tituloHelp')} />}
    </>
  );
}

/**
 * "Anexar ao registro" (issue 56, ADR 0051): one attachment of the open message becomes a document of a
 * registro, or the file of one of its checklist items (which then stands as sent and can be accepted).
 * The server runs an upload's rules (size, type, content) and keeps the message as the document's origin.
 */
export function AnexarAoRegistroDialog(props: { emailId: string; indice: number; anexo: EmailAttachmentInfo; open: boolean; onClose: () => void }) {
  const t = useMailText();
  const mail = useMailbox();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const submit = async (values: FieldValues) => {
    const payload = anexarPayload(values);
    try {
      const r: AnexarAoRegistroResult = await mail.anexarAoRegistro(props.emailId, props.indice, payload);
      const numero = r.documento.registroNumero ?? '';
      notify(r.item ? t('reader.anexar.doneItem', { item: r.item.nome, numero }) : t('reader.anexar.done', { numero }), { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['registro', payload.registroId] });
      props.onClose();
      return undefined;
    } catch (error) {
      return submissionErrors(error, t('reader.anexar.failed'));
    }
  };
  return (
    <ModalDialog open={props.open} title={t('reader.anexar.title', { name: props.anexo.filename })} onClose={props.onClose}>
      {props.open && (
        <Form onSubmit={submit} defaultValues={{ registroId: null, itemId: null, titulo: '' }} noValidate>
          <DialogContent dividers sx={{ display: 'grid', gap: 1, alignContent: 'start' }}>
            <FormProblem />
            <RegistroInput emailId={props.emailId} />
            <ItemInput />
          </DialogContent>
          <FormDialogActions onCancel={props.onClose} submit="resources.emails.reader.anexar.submit" cancel="resources.emails.reader.anexar.cancel" />
        </Form>
      )}
    </ModalDialog>
  );
}
