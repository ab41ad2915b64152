import { DialogContent } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Form, useNotify } from 'react-admin';
import { useWatch, type FieldValues } from 'react-hook-form';
import type { EmailVinculoView, EmailVinculosPayload } from '@veritas/common';
import { ModalDialog } from '../layout/DialogForm';
import { FormDialogActions, FormProblem, submissionErrors } from '../layout/FormProblem';
import { useMailbox } from '../providers/emailMethods';
import { useMailText } from './mailText';
import { ClienteVinculoInput, RegistroVinculoInput } from './VinculoInputs';

export const linksKey = (id: string) => ['emails', 'getEmailVinculos', id] as const;

/** The picker's starting point: the message's first client, and every registro it is filed under. */
export function initialVinculos(links: EmailVinculoView[]): { clienteId: string | null; registroIds: string[] } {
  return { clienteId: links.find((l) => l.clienteId)?.clienteId ?? null, registroIds: links.filter((l) => l.registroId).map((l) => l.registroId!) };
}

/** What the form sends: no client is null, the registros without repeats. */
export function vinculosPayload(values: FieldValues): EmailVinculosPayload {
  const clienteId = typeof values.clienteId === 'string' && values.clienteId ? values.clienteId : null;
  const registroIds = Array.isArray(values.registroIds) ? [...new Set(values.registroIds.filter((id): id is string => typeof id === 'string'))] : [];
  return { clienteId, registroIds };
}

/** The registros, only the chosen client's once there is one. */
function Registros() {
  const clienteId = useWatch({ name: 'clienteId' }) as string | null | undefined;
  return <RegistroVinculoInput multiple label="resources.emails.reader.links.registros" clienteId={clienteId} />;
}

/**
 * "Editar vínculos" (issue 56, ADR 0056): the client and the registros a message is filed under, chosen by hand
 * (PUT /api/emails/message/:id/vinculos, which replaces the links the caller sees by manual ones; each registro
 * brings its own client).
 */
export function VinculosDialog(props: { emailId: string; links: EmailVinculoView[]; open: boolean; onClose: () => void }) {
  const t = useMailText();
  const mail = useMailbox();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const submit = async (values: FieldValues) => {
    try {
      queryClient.setQueryData(linksKey(props.emailId), await mail.setEmailVinculos(props.emailId, vinculosPayload(values)));
      notify(t('reader.links.saved'), { type: 'info' });
      props.onClose();
      return undefined;
    } catch (error) {
      return submissionErrors(error, t('reader.links.saveFailed'));
    }
  };
  return (
    <ModalDialog open={props.open} title={t('reader.links.editTitle')} onClose={props.onClose}>
      {props.open && (
        <Form onSubmit={submit} defaultValues={initialVinculos(props.links)} noValidate>
          <DialogContent dividers sx={{ display: 'grid', gap: 1, alignContent: 'start' }}>
            <FormProblem />
            <ClienteVinculoInput label="resources.emails.filters.cliente" />
            <Registros />
          </DialogContent>
          <FormDialogActions onCancel={props.onClose} submit="resources.emails.reader.links.save" cancel="resources.emails.reader.links.cancel" />
        </Form>
      )}
    </ModalDialog>
  );
}
