import { useState } from 'react';
import { Alert, Box, Dialog, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useCreate, useNotify, useUpdate } from 'react-admin';
import {
  accessToFormRole,
  canManageUser,
  DEFAULT_FORM_ROLE,
  FORM_ROLES,
  formRoleToAccess,
  isFormRole,
  isReservedUsername,
  PASSWORD_MAX_LENGTH,
  readStaffUser,
  reservedUsernameMessage,
  type FormRole,
  type UserResponse,
  type UserType,
} from '@veritas/common';
import { FormActions } from '../ui/FormBits';
import { messageOf } from '../ui/api';

export const MISSING_FIELDS = 'Por favor, preencha todos os campos obrigatórios.';
export const PASSWORDS_ON_ADD = 'As senhas não coincidem ou estão em branco.';
export const PASSWORDS_ON_EDIT = 'As senhas não coincidem.';

/** The firm's mail domain, read from the signed-in staff member's own address. */
function mailDomain(): string {
  return readStaffUser(window.localStorage)?.email?.split('@')[1] ?? '';
}

/**
 * Add and edit a staff member (§2.11, §3.4, §5). The role option maps to isAdmin and permissions
 * with the shared table; the e-mail is derived from the username by the server (read-only here).
 */
export function UserFormDialog(props: {
  user: UserResponse | null;
  actor: { userType: UserType; id: string };
  onClose: () => void;
  onSaved: () => void;
}) {
  const { user, actor, onClose, onSaved } = props;
  const editing = !!user;
  const notify = useNotify();
  const [create, { isPending: creating }] = useCreate();
  const [update, { isPending: updating }] = useUpdate();
  const busy = creating || updating;
  const [form, setForm] = useState({
    nomeCompleto: user?.nomeCompleto ?? '',
    username: user?.username ?? '',
    role: (user ? accessToFormRole(user) : DEFAULT_FORM_ROLE) as FormRole,
    password: '',
    confirm: '',
  });
  const [error, setError] = useState<string | null>(null);
  const set = (field: keyof typeof form) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: e.target.value }));
    setError(null);
  };
  const email = editing ? user.email : form.username.trim() ? `${form.username.trim().toLowerCase()}@${mailDomain()}` : '';
  // A diretoria may not make anyone a master (the server refuses it too).
  const roles = FORM_ROLES.filter((r) => canManageUser(actor, null, { permissions: formRoleToAccess(r.value).permissions }).ok || r.value === form.role);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!form.nomeCompleto.trim() || !form.username.trim() || !email) return setError(MISSING_FIELDS);
    // The same list as the server's (which also reserves its configured addresses).
    if (form.username.trim() !== user?.username && isReservedUsername(form.username)) return setError(reservedUsernameMessage(form.username));
    if (!editing && (!form.password || form.password !== form.confirm)) return setError(PASSWORDS_ON_ADD);
    // On edit a blank password keeps the current one; a typed one is confirmed like on add.
    if (editing && form.password && form.password !== form.confirm) return setError(PASSWORDS_ON_EDIT);
    const data = {
      username: form.username.trim(),
      nomeCompleto: form.nomeCompleto.trim(),
      ...formRoleToAccess(form.role),
      ...(form.password ? { password: form.password } : {}),
    };
    const options = {
      onSuccess: () => {
        notify(editing ? 'Usuário atualizado com sucesso!' : 'Usuário criado com sucesso!', { type: 'success' });
        onSaved();
      },
      onError: (err: unknown) => setError(messageOf(err, 'Erro ao salvar usuário. Por favor, tente novamente.')),
    };
    if (editing) update('users', { id: user._id, data, previousData: user }, { ...options, mutationMode: 'pessimistic' });
    else create('users', { data }, options);
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="user-form-title" fullWidth maxWidth="sm">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="user-form-title">{editing ? 'Editar Usuário' : 'Novo Usuário'}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField label="Nome Completo" required value={form.nomeCompleto} onChange={set('nomeCompleto')} autoFocus />
          <TextField
            label="Nome de Usuário"
            required
            value={form.username}
            onChange={set('username')}
            helperText="Letras minúsculas, números, ponto, hífen ou sublinhado."
            slotProps={{ htmlInput: { autoCapitalize: 'none', autoComplete: 'off' } }}
          />
          <TextField label="Email" value={email} slotProps={{ input: { readOnly: true } }} helperText="Gerado a partir do nome de usuário." />
          <TextField select label="Função" value={form.role} onChange={(e) => isFormRole(e.target.value) && set('role')(e)}>
            {roles.map((r) => (
              <MenuItem key={r.value} value={r.value}>
                {r.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={editing ? 'Nova senha' : 'Senha'}
            type="password"
            required={!editing}
            value={form.password}
            onChange={set('password')}
            autoComplete="new-password"
            slotProps={{ htmlInput: { maxLength: PASSWORD_MAX_LENGTH } }}
            helperText={
              editing
                ? 'Deixe em branco para manter a senha atual.'
                : 'Mínimo de 8 caracteres, com maiúsculas, minúsculas, número e caractere especial.'
            }
          />
          <TextField
            label="Confirmar senha"
            type="password"
            required={!editing}
            value={form.confirm}
            onChange={set('confirm')}
            autoComplete="new-password"
            slotProps={{ htmlInput: { maxLength: PASSWORD_MAX_LENGTH } }}
          />
        </DialogContent>
        <FormActions busy={busy} onCancel={onClose} />
      </Box>
    </Dialog>
  );
}
