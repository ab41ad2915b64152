import { TextField } from '@mui/material';
import { CheckboxGroupInput, FormDataConsumer, SelectInput, TextInput, useRecordContext } from 'react-admin';
import {
  accessToFormRole,
  canManageUser,
  DEFAULT_FORM_ROLE,
  FORM_ROLES,
  formAccess,
  formRoleExtras,
  formRoleToAccess,
  isReservedUsername,
  PASSWORD_MAX_LENGTH,
  reservedUsernameMessage,
  TEAM_PERMISSIONS,
  type FormRole,
  type UserInput,
  type UserResponse,
  type UserType,
} from '@veritas/common';

export const MISSING_FIELDS = 'Por favor, preencha todos os campos obrigatórios.';
export const PASSWORDS_ON_ADD = 'As senhas não coincidem ou estão em branco.';
export const PASSWORDS_ON_EDIT = 'As senhas não coincidem.';

export interface UserValues {
  id?: string;
  nomeCompleto?: string;
  username?: string;
  role?: FormRole;
  /** The other team permissions the user also holds (they add up on the server). */
  extras?: string[];
  password?: string;
  confirmPassword?: string;
}

/** The form's rules (§5): the required fields, then the passwords (blank on edit keeps the current one). */
export function checkUser(v: UserValues, mode: 'create' | 'edit'): string | null {
  if (!v.nomeCompleto?.trim() || !v.username?.trim()) return MISSING_FIELDS;
  // The same list as the server's (which also reserves its configured addresses and judges renames).
  if (mode === 'create' && isReservedUsername(v.username)) return reservedUsernameMessage(v.username);
  if (mode === 'create' && (!v.password || v.password !== v.confirmPassword)) return PASSWORDS_ON_ADD;
  if (mode === 'edit' && v.password && v.password !== v.confirmPassword) return PASSWORDS_ON_EDIT;
  return null;
}

/** What is sent: the role and the extra team permissions as isAdmin and permissions (§3.4), the password only when typed. */
export function userPayload(v: UserValues): UserInput {
  return {
    username: (v.username ?? '').trim(),
    nomeCompleto: (v.nomeCompleto ?? '').trim(),
    ...formAccess(v.role ?? DEFAULT_FORM_ROLE, v.extras ?? []),
    ...(v.password ? { password: v.password } : {}),
  };
}

/** The e-mail the server will give: username plus the firm's mail domain (read-only, §3.4). */
export function derivedEmail(username: string | undefined, domain: string): string {
  const name = (username ?? '').trim().toLowerCase();
  return name && domain ? `${name}@${domain}` : '';
}

/**
 * Novo / Editar Usuário (§2.11, §3.4): the inputs shared by create and edit. A diretoria is not
 * offered the Master role (the server refuses it too).
 */
export function UserInputs(props: { actor: { userType: UserType; id: string }; mailDomain: string }) {
  const user = useRecordContext<UserResponse & { id: string }>();
  const editing = !!user?.id;
  const current = user?.id ? accessToFormRole(user) : DEFAULT_FORM_ROLE;
  const roles = FORM_ROLES.filter(
    (r) => canManageUser(props.actor, null, { permissions: formRoleToAccess(r.value).permissions }).ok || r.value === current,
  ).map((r) => ({ id: r.value, name: r.label }));
  return (
    <>
      <TextInput source="nomeCompleto" label="Nome Completo" isRequired autoFocus helperText={false} />
      <TextInput
        source="username"
        label="Nome de Usuário"
        isRequired
        helperText="Letras minúsculas, números, ponto, hífen ou sublinhado."
        slotProps={{ htmlInput: { autoCapitalize: 'none', autoComplete: 'off' } }}
      />
      <FormDataConsumer<UserValues>>
        {({ formData }) => (
          <TextField
            label="E-mail"
            value={editing ? user.email : derivedEmail(formData.username, props.mailDomain)}
            slotProps={{ input: { readOnly: true } }}
            helperText="Gerado a partir do nome de usuário."
            size="small"
            sx={{ mb: 2 }}
          />
        )}
      </FormDataConsumer>
      <SelectInput source="role" label="Função" choices={roles} defaultValue={current} isRequired helperText={false} />
      <FormDataConsumer<UserValues>>
        {({ formData }) => {
          // A team role may hold the other team permissions too (issue 52); the board holds them all.
          const own = formRoleToAccess(formData.role ?? current);
          if (own.isAdmin) return null;
          const choices = TEAM_PERMISSIONS.filter((p) => !own.permissions.includes(p)).map((p) => ({ id: p, name: p }));
          return (
            <CheckboxGroupInput
              source="extras"
              label="Permissões adicionais"
              choices={choices}
              defaultValue={user?.id ? formRoleExtras(user) : []}
              translateChoice={false}
              helperText="As permissões se somam: quem é do Suporte e do Financeiro vê as duas áreas."
            />
          );
        }}
      </FormDataConsumer>
      <TextInput
        source="password"
        label={editing ? 'Nova senha' : 'Senha'}
        type="password"
        isRequired={!editing}
        autoComplete="new-password"
        slotProps={{ htmlInput: { maxLength: PASSWORD_MAX_LENGTH } }}
        helperText={
          editing
            ? 'Deixe em branco para manter a senha atual.'
            : 'Mínimo de 8 caracteres, com maiúsculas, minúsculas, número e caractere especial.'
        }
      />
      <TextInput source="confirmPassword" label="Confirmar senha" type="password" isRequired={!editing} autoComplete="new-password" slotProps={{ htmlInput: { maxLength: PASSWORD_MAX_LENGTH } }} helperText={false} />
    </>
  );
}
