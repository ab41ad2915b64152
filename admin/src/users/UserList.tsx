import { Box, Chip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Confirm,
  CreateBase,
  DataTable,
  DateField,
  EditBase,
  ExportButton,
  List,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import {
  canManageUser,
  type DisplayedRole,
  displayedRoles,
  formatDateBR,
  MASTER_ONLY_MESSAGE,
  readStaffUser,
  SELF_DELETE_MESSAGE,
  USER_TABS,
  type UserResponse,
  type UserType,
} from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { csvExporter } from '../providers/exporter';
import { i18nProvider } from '../providers/i18nProvider';
import { DialogForm, ModalDialog } from '../layout/DialogForm';
import { ListEmpty, ListLoadError, ResourceHeader, searchFilter, tabsFilter, useDialogRoute, useListModals } from '../layout/ListScreen';
import { Restricted } from '../layout/Restricted';
import { RowAction } from '../layout/RowAction';
import { useUserType } from '../layout/useUserType';
import { checkUser, UserInputs, userPayload, type UserValues } from './UserInputs';
import { SendUserResetAction } from './SendUserResetAction';
import { ConfiguracoesTabs } from '../processos/ConfiguracoesTabs';

type User = UserResponse & { id: string };
type Actor = { userType: UserType; id: string };
const R = 'users';
/** Configurações keeps its URL (/painel/configuracoes) for the users resource. */
export const USERS_PATH = 'configuracoes';
const t = (key: string) => i18nProvider.translate(key);

const BADGE: Record<DisplayedRole, 'error' | 'primary' | 'default' | 'info' | 'success'> = {
  Master: 'error',
  Diretoria: 'primary',
  Associados: 'default',
  Suporte: 'info',
  Financeiro: 'success',
};

export const exportUsers = csvExporter<User>('usuarios', () => [
  { header: t(`resources.${R}.fields.username`), value: (u) => u.username },
  { header: t(`resources.${R}.fields.nomeCompleto`), value: (u) => u.nomeCompleto },
  { header: t(`resources.${R}.fields.email`), value: (u) => u.email },
  { header: t(`resources.${R}.fields.role`), value: (u) => displayedRoles(u).join(', ') },
  { header: t(`resources.${R}.fields.createdAt`), value: (u) => formatDateBR(u.createdAt) },
]);

function RoleBadge() {
  const user = useRecordContext<User>();
  if (!user) return null;
  // Permissions add up (issue 52): one badge each, the displayed role first.
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {displayedRoles(user).map((role) => (
        <Chip key={role} size="small" label={role} color={BADGE[role]} variant={role === 'Associados' ? 'outlined' : 'filled'} />
      ))}
    </Box>
  );
}

function RowActions(props: { actor: Actor; onEdit: (u: User) => void; onDelete: (u: User) => void }) {
  const user = useRecordContext<User>();
  const translate = useTranslate();
  if (!user) return null;
  const allowed = canManageUser(props.actor, user).ok;
  const isMe = user.id === props.actor.id;
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <SendUserResetAction user={user} />
      <RowAction
        label={`${translate('panel.actions.edit')} ${user.username}`}
        title={allowed ? translate('panel.actions.edit') : MASTER_ONLY_MESSAGE}
        icon={<EditIcon fontSize="small" />}
        disabled={!allowed}
        onClick={() => props.onEdit(user)}
      />
      <RowAction
        label={`${translate('panel.actions.delete')} ${user.username}`}
        title={isMe ? SELF_DELETE_MESSAGE : allowed ? translate('panel.actions.delete') : MASTER_ONLY_MESSAGE}
        color="error"
        icon={<DeleteIcon fontSize="small" />}
        disabled={!allowed || isMe}
        onClick={() => props.onDelete(user)}
      />
    </Box>
  );
}

/** Configurações: user management (§2.11), for master and diretoria. */
function UsersScreen() {
  const translate = useTranslate();
  const dialog = useDialogRoute(USERS_PATH);
  const { realType } = useUserType();
  const me = readStaffUser(window.localStorage);
  // What the server will allow follows the real type, so the buttons do too.
  const actor: Actor = { userType: realType ?? 'associado', id: me?._id ?? '' };
  const mailDomain = me?.email?.split('@')[1] ?? '';
  const { saved, deleting, setDeleting, confirmDelete, removing } = useListModals<User>(R, dialog, (error) => errorMessage(error, 'Erro ao excluir usuário. Por favor, tente novamente.'));
  const form = (mode: 'create' | 'edit') => (
    <DialogForm<UserValues & { id: string }>
      check={(v) => checkUser(v, mode)}
      transform={userPayload}
      onCancel={dialog.close}
      onSaved={saved(mode === 'create' ? 'created' : 'updated')}
    >
      <UserInputs actor={actor} mailDomain={mailDomain} />
    </DialogForm>
  );

  return (
    <Box sx={{ mb: 4 }}>
      <ConfiguracoesTabs />
      <ResourceHeader resource={R} onAdd={() => dialog.open('create')} />
      <List
        resource={R}
        title="Configurações"
        sort={{ field: 'createdAt', order: 'DESC' }}
        filters={[searchFilter(translate(`resources.${R}.search`)), tabsFilter('tab', 'Filtrar por função', USER_TABS)]}
        actions={
          <TopToolbar>
            <ExportButton exporter={exportUsers} maxResults={200} />
          </TopToolbar>
        }
        empty={false}
        error={<ListLoadError fallback="Erro ao carregar usuários. Por favor, tente novamente." />}
        exporter={exportUsers}
      >
        <DataTable
          aria-label="Usuários"
          bulkActionButtons={false}
          rowClick={false}
          empty={<ListEmpty none={`resources.${R}.empty.none`} noMatch={`resources.${R}.empty.noMatch`} />}
        >
          <DataTable.Col source="username" />
          <DataTable.Col source="nomeCompleto" />
          <DataTable.Col source="email" />
          <DataTable.Col source="role" disableSort>
            <RoleBadge />
          </DataTable.Col>
          <DataTable.Col source="createdAt">
            <DateField source="createdAt" locales="pt-BR" />
          </DataTable.Col>
          <DataTable.Col label="panel.columns.actions" align="right" disableSort>
            <RowActions actor={actor} onEdit={(u) => dialog.open('edit', u.id)} onDelete={setDeleting} />
          </DataTable.Col>
        </DataTable>
      </List>

      <ModalDialog open={dialog.kind === 'create'} title={translate(`resources.${R}.dialogs.create`)} onClose={dialog.close}>
        <CreateBase resource={R} redirect={false}>
          {form('create')}
        </CreateBase>
      </ModalDialog>
      <ModalDialog open={dialog.kind === 'edit'} title={translate(`resources.${R}.dialogs.edit`)} onClose={dialog.close}>
        {dialog.kind === 'edit' && dialog.id && (
          <EditBase resource={R} id={dialog.id} redirect={false} mutationMode="pessimistic">
            {form('edit')}
          </EditBase>
        )}
      </ModalDialog>

      <Confirm
        isOpen={!!deleting}
        loading={removing}
        title={`resources.${R}.dialogs.delete`}
        content={`Tem certeza que deseja excluir o usuário ${deleting?.nomeCompleto || deleting?.username || ''}? Esta ação não pode ser desfeita e todos os dados do usuário serão permanentemente removidos.`}
        confirm="panel.actions.delete"
        confirmColor="warning"
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}

export default function UserList() {
  return (
    <Restricted action="settings">
      <UsersScreen />
    </Restricted>
  );
}
