import { useState } from 'react';
import { Alert, Button, DialogActions, DialogContent } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import type { EmailVinculoView } from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { ClienteAutocomplete, type ClienteOption } from '../documentos/ClienteAutocomplete';
import { ModalDialog } from '../layout/DialogForm';
import { useMailbox } from '../providers/emailMethods';
import { RegistrosAutocomplete, type RegistroOption } from '../registros/RegistroAutocomplete';
import { useMailText } from './mailText';

export const linksKey = (id: string) => ['emails', 'getEmailVinculos', id] as const;

/** The picker's starting point: the message's first client, and every registro it is filed under. */
export function initialVinculos(links: EmailVinculoView[]): { cliente: ClienteOption | null; registros: RegistroOption[] } {
  const first = links.find((l) => l.clienteId);
  return {
    cliente: first ? { _id: first.clienteId!, razaoSocial: first.clienteNome ?? '', cnpj: null } : null,
    registros: links.filter((l) => l.registroId).map((l) => ({ _id: l.registroId!, numero: l.registroNumero ?? '', clienteNome: l.clienteNome })),
  };
}

/**
 * "Editar vínculos" (issue 56): the client and the registros a message is filed under, chosen by hand
 * (PUT /api/emails/message/:id/vinculos, which replaces the links the caller sees by manual ones; each
 * registro brings its own client). Once a client is chosen, only its registros are offered.
 */
export function VinculosDialog(props: { emailId: string; links: EmailVinculoView[]; open: boolean; onClose: () => void }) {
  const t = useMailText();
  return (
    <ModalDialog open={props.open} title={t('reader.links.editTitle')} onClose={props.onClose}>
      {props.open && <VinculosForm {...props} />}
    </ModalDialog>
  );
}

function VinculosForm({ emailId, links, onClose }: { emailId: string; links: EmailVinculoView[]; onClose: () => void }) {
  const t = useMailText();
  const mail = useMailbox();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [start] = useState(() => initialVinculos(links));
  const [cliente, setCliente] = useState(start.cliente);
  const [registros, setRegistros] = useState(start.registros);
  const save = useMutation({
    mutationFn: () => mail.setEmailVinculos(emailId, { clienteId: cliente?._id ?? null, registroIds: registros.map((r) => r._id) }),
    onSuccess: (data) => {
      queryClient.setQueryData(linksKey(emailId), data);
      notify(t('reader.links.saved'), { type: 'info' });
      onClose();
    },
  });
  return (
    <>
      <DialogContent dividers sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
        {save.isError && <Alert severity="error">{errorMessage(save.error, t('reader.links.saveFailed'))}</Alert>}
        <ClienteAutocomplete value={cliente} onChange={setCliente} />
        <RegistrosAutocomplete value={registros} onChange={setRegistros} clienteId={cliente?._id} label={t('reader.links.registros')} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('reader.links.cancel')}</Button>
        <Button variant="contained" onClick={() => save.mutate()} disabled={save.isPending}>
          {t('reader.links.save')}
        </Button>
      </DialogActions>
    </>
  );
}
