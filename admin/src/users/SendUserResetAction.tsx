import { useState } from 'react';
import LockResetIcon from '@mui/icons-material/LockReset';
import { useMutation } from '@tanstack/react-query';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { errorMessage, UNEXPECTED_FAILURE } from '@veritas/web';
import { RowAction } from '../layout/RowAction';
import { useContaApi } from '../providers/contaMethods';

/**
 * "Enviar link de redefinição" in a user's row (issue 53, the board's): asked for, then sent through
 * the named dataProvider method to the person's confirmed recovery e-mail; the server's answer (or
 * its refusal: no confirmed recovery e-mail) is shown as it is.
 */
export function SendUserResetAction({ user }: { user: { id: string; username: string; nomeCompleto: string } }) {
  const api = useContaApi();
  const notify = useNotify();
  const translate = useTranslate();
  const [asking, setAsking] = useState(false);
  const send = useMutation({
    mutationFn: () => api.sendUserPasswordReset(user.id),
    onSuccess: (answer) => notify(answer.message, { type: 'success' }),
    onError: (error) => notify(`${translate('resources.users.resetError')}: ${errorMessage(error, UNEXPECTED_FAILURE)}`, { type: 'error', autoHideDuration: 10_000 }),
    onSettled: () => setAsking(false),
  });
  return (
    <>
      <RowAction
        label={`${translate('resources.users.sendReset')} ${user.username}`}
        title={translate('resources.users.sendReset')}
        icon={<LockResetIcon fontSize="small" />}
        disabled={send.isPending}
        onClick={() => setAsking(true)}
      />
      <Confirm
        isOpen={asking}
        loading={send.isPending}
        title="resources.users.resetDialog.title"
        content={translate('resources.users.confirmSendReset', { nome: user.nomeCompleto || user.username })}
        confirm="resources.users.sendReset"
        confirmColor="primary"
        onConfirm={() => send.mutate()}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
