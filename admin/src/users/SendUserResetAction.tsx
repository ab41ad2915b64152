import LockResetIcon from '@mui/icons-material/LockReset';
import { useTranslate } from 'react-admin';
import { ConfirmedSend } from '../layout/ConfirmedSend';
import { RowAction } from '../layout/RowAction';
import { useContaApi } from '../providers/contaMethods';

/**
 * "Enviar link de redefinição" in a user's row (issue 53, the board's): asked for, then sent through
 * the named dataProvider method to the person's confirmed recovery e-mail; the server's answer (or
 * its refusal: no confirmed recovery e-mail) is shown as it is.
 */
export function SendUserResetAction({ user }: { user: { id: string; username: string; nomeCompleto: string } }) {
  const api = useContaApi();
  const translate = useTranslate();
  return (
    <ConfirmedSend
      send={() => api.sendUserPasswordReset(user.id)}
      trigger={(open, pending) => (
        <RowAction
          label={`${translate('resources.users.sendReset')} ${user.username}`}
          title={translate('resources.users.sendReset')}
          icon={<LockResetIcon fontSize="small" />}
          disabled={pending}
          onClick={open}
        />
      )}
      title="resources.users.resetDialog.title"
      content={translate('resources.users.confirmSendReset', { nome: user.nomeCompleto || user.username })}
      confirm="resources.users.sendReset"
      sentKey="resources.users.resetSent"
      errorKey="resources.users.resetError"
    />
  );
}
