import { useState } from 'react';
import { Box, Button, Chip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Title, useDelete, useGetList, useNotify } from 'react-admin';
import {
  canManageUser,
  type DisplayedRole,
  displayedRole,
  formatDateBR,
  MASTER_ONLY_MESSAGE,
  readStaffUser,
  SELF_DELETE_MESSAGE,
  USER_TABS,
  type UserResponse,
  type UserTab,
} from '@veritas/common';
import { useUserType } from '../layout/useUserType';
import { messageOf } from '../ui/api';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { FilterTabs, PageHeader, SearchBox } from '../ui/ListToolbar';
import { RowAction } from '../ui/FormBits';
import { type Column, PagedTable } from '../ui/PagedTable';
import { Restricted } from '../ui/Restricted';
import { useClosing } from '../ui/useClosing';
import { useDebounced } from '../ui/useDebounced';
import { usePaging } from '../ui/usePaging';
import { UserFormDialog } from './UserFormDialog';

const BADGE: Record<DisplayedRole, 'error' | 'primary' | 'default' | 'info' | 'success'> = {
  Master: 'error',
  Diretoria: 'primary',
  Associados: 'default',
  Suporte: 'info',
  Financeiro: 'success',
};

/** Configurações: user management (§2.11), for master and diretoria. */
function UsersScreen() {
  const { realType } = useUserType();
  const me = readStaffUser(window.localStorage);
  // What the server will allow follows the real type, so the buttons do too.
  const actor = { userType: realType ?? 'associado', id: me?._id ?? '' };
  const notify = useNotify();
  const [tab, setTab] = useState<UserTab>('todos');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const paging = usePaging(`${tab}|${q}`);
  const { data, total, isPending, isFetching, error, refetch } = useGetList<UserResponse & { id: string }>('users', {
    pagination: paging.pagination,
    sort: { field: 'createdAt', order: 'DESC' },
    filter: { tab, ...(q ? { q } : {}) },
  });
  const [editing, setEditing] = useState<UserResponse | 'new' | null>(null);
  const [deleting, setDeleting] = useState<UserResponse | null>(null);
  const asked = useClosing(deleting);
  const [remove, { isPending: removing }] = useDelete();

  const confirmDelete = () => {
    if (!deleting) return;
    remove(
      'users',
      { id: deleting._id, previousData: deleting },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('Usuário excluído com sucesso!', { type: 'success' });
          setDeleting(null);
          refetch();
        },
        onError: (err) => {
          notify(messageOf(err, 'Erro ao excluir usuário. Por favor, tente novamente.'), { type: 'error' });
          setDeleting(null);
        },
      },
    );
  };

  const columns: Column<UserResponse>[] = [
    { key: 'username', label: 'Usuário', render: (u) => u.username },
    { key: 'nomeCompleto', label: 'Nome Completo', render: (u) => u.nomeCompleto },
    { key: 'email', label: 'Email', render: (u) => u.email, hideBelow: 'md' },
    {
      key: 'role',
      label: 'Função',
      render: (u) => {
        const role = displayedRole(u);
        return <Chip size="small" label={role} color={BADGE[role]} variant={role === 'Associados' ? 'outlined' : 'filled'} />;
      },
    },
    { key: 'createdAt', label: 'Data de Cadastro', render: (u) => formatDateBR(u.createdAt), hideBelow: 'sm' },
    {
      key: 'acoes',
      label: 'Ações',
      align: 'right',
      render: (u) => {
        const allowed = canManageUser(actor, u).ok;
        const isMe = u._id === actor.id;
        return (
          <Box sx={{ whiteSpace: 'nowrap' }}>
            <RowAction
              label={`Editar ${u.username}`}
              title={allowed ? 'Editar' : MASTER_ONLY_MESSAGE}
              icon={<EditIcon fontSize="small" />}
              disabled={!allowed}
              onClick={() => setEditing(u)}
            />
            <RowAction
              label={`Excluir ${u.username}`}
              title={isMe ? SELF_DELETE_MESSAGE : allowed ? 'Excluir' : MASTER_ONLY_MESSAGE}
              color="error"
              icon={<DeleteIcon fontSize="small" />}
              disabled={!allowed || isMe}
              onClick={() => setDeleting(u)}
            />
          </Box>
        );
      },
    },
  ];

  return (
    <Box sx={{ mb: 4 }}>
      <Title title="Configurações" />
      <PageHeader
        title="Gerenciamento de Usuários"
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            Novo Usuário
          </Button>
        }
      />
      <Box sx={{ display: 'grid', gap: 2 }}>
        <SearchBox placeholder="Buscar por nome, email..." value={search} onChange={setSearch} />
        <FilterTabs label="Filtrar por função" value={tab} options={USER_TABS} onChange={setTab} />
        <PagedTable
          label="Usuários"
          columns={columns}
          rows={error ? [] : data}
          loading={isPending || isFetching}
          error={error ? messageOf(error, 'Erro ao carregar usuários. Por favor, tente novamente.') : null}
          emptyText="Nenhum usuário encontrado."
          total={total ?? 0}
          page={paging.page}
          perPage={paging.perPage}
          onPageChange={paging.setPage}
          onPerPageChange={paging.setPerPage}
        />
      </Box>
      {editing && (
        <UserFormDialog
          user={editing === 'new' ? null : editing}
          actor={actor}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refetch();
          }}
        />
      )}
      <ConfirmDialog open={!!deleting} title="Excluir usuário" busy={removing} onConfirm={confirmDelete} onClose={() => setDeleting(null)}>
        <Typography gutterBottom>
          Tem certeza que deseja excluir o usuário <strong>{asked?.nomeCompleto || asked?.username}</strong>?
        </Typography>
        <Typography color="text.secondary">
          Esta ação não pode ser desfeita e todos os dados do usuário serão permanentemente removidos.
        </Typography>
      </ConfirmDialog>
    </Box>
  );
}

export default function UsersPage() {
  return (
    <Restricted action="settings">
      <UsersScreen />
    </Restricted>
  );
}
