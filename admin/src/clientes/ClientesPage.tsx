import { useState } from 'react';
import { Alert, Box, Button, Dialog, DialogTitle, Typography, useMediaQuery, type Theme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Title, useGetList, useNotify } from 'react-admin';
import { type ClienteResponse, formatDateBR } from '@veritas/common';
import { statusAndMessage, usePanelApi } from '../ui/api';
import { ConfirmDialog } from '../layout/ConfirmDialog';
import { FilterTabs, PageHeader, SearchBox } from '../ui/ListToolbar';
import { RowAction } from '../ui/FormBits';
import { type Column, PagedTable } from '../ui/PagedTable';
import { useCan } from '../layout/Restricted';
import { useClosing } from '../layout/useClosing';
import { useDebounced } from '../layout/useDebounced';
import { useFieldLabel } from '../layout/useFieldLabel';
import { usePaging } from '../ui/usePaging';
import { ClienteDetails } from './ClienteDetails';
import { ClienteForm } from './ClienteForm';

type StatusTab = 'todos' | 'ativos' | 'inativos';
const TABS: readonly { value: StatusTab; label: string }[] = [
  { value: 'todos', label: 'Todos' },
  { value: 'ativos', label: 'Ativos' },
  { value: 'inativos', label: 'Inativos' },
];

type Modal = { kind: 'create' } | { kind: 'details'; id: string } | { kind: 'edit'; id: string } | null;

const TITLES = { create: 'Novo Cliente', edit: 'Editar Cliente', details: 'Detalhes do Cliente' } as const;

/** Clientes (§2.12): the list with its tabs and search (both run on the server), and one modal. */
export default function ClientesPage() {
  const api = usePanelApi();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const label = useFieldLabel('clientes');
  const canDelete = useCan('clientes.delete');
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [tab, setTab] = useState<StatusTab>('todos');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const paging = usePaging(`${tab}|${q}`);
  const list = useGetList<ClienteResponse & { id: string }>('clientes', {
    pagination: paging.pagination,
    sort: { field: 'createdAt', order: 'DESC' },
    filter: { status: tab, ...(q ? { q } : {}) },
  });
  const [modal, setModal] = useState<Modal>(null);
  const [deleting, setDeleting] = useState<ClienteResponse | null>(null);
  const asked = useClosing(deleting);
  const [removing, setRemoving] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const shown = useClosing(modal);
  const openId = shown && shown.kind !== 'create' ? shown.id : null;
  // The details carry the client's type with its services, which the list leaves out.
  const detail = useQuery({
    queryKey: ['cliente', openId],
    queryFn: () => api.api<ClienteResponse>(`/clientes/${openId}`).then((r) => r.data),
    enabled: !!openId,
    retry: false,
  });
  const current = openId && detail.data?._id === openId ? detail.data : null;

  const close = () => setModal(null);
  const saved = (cliente: ClienteResponse, message: string) => {
    notify(message, { type: 'success' });
    queryClient.setQueryData(['cliente', cliente._id], cliente);
    queryClient.invalidateQueries({ queryKey: ['cliente', cliente._id] });
    close();
    list.refetch();
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    setRemoving(true);
    try {
      const res = await api.api(`/clientes/${deleting._id}`, { method: 'DELETE' });
      notify(res.message ?? 'Cliente excluído com sucesso!', { type: 'success' });
      setDeleteError(null);
      if (openId === deleting._id) close();
      list.refetch();
    } catch (err) {
      // e.g. 409: an active client with registros or documents must be made inactive first.
      setDeleteError(`Erro ao excluir cliente: ${statusAndMessage(err)}`);
    } finally {
      setRemoving(false);
      setDeleting(null);
    }
  };

  const columns: Column<ClienteResponse>[] = [
    {
      key: 'razaoSocial',
      label: label('razaoSocial'),
      render: (c) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {c.razaoSocial}
            {c.status === 'inativo' && (
              <Typography component="span" variant="caption" color="text.secondary">
                {' '}
                (inativo)
              </Typography>
            )}
          </Typography>
          {c.nomeFantasia && (
            <Typography variant="caption" color="text.secondary">
              {c.nomeFantasia}
            </Typography>
          )}
        </>
      ),
    },
    { key: 'email', label: label('email'), render: (c) => c.email, hideBelow: 'md' },
    { key: 'cnpj', label: label('cnpj'), render: (c) => <Box sx={{ whiteSpace: 'nowrap' }}>{c.cnpj}</Box>, hideBelow: 'sm' },
    { key: 'createdAt', label: label('createdAt'), render: (c) => formatDateBR(c.createdAt), hideBelow: 'md' },
    {
      key: 'acoes',
      label: 'Ações',
      align: 'right',
      render: (c) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>
          <RowAction label={`Ver detalhes de ${c.razaoSocial}`} title="Ver detalhes" icon={<VisibilityIcon fontSize="small" />} onClick={() => setModal({ kind: 'details', id: c._id })} />
          <RowAction label={`Editar ${c.razaoSocial}`} title="Editar" icon={<EditIcon fontSize="small" />} onClick={() => setModal({ kind: 'edit', id: c._id })} />
          {canDelete && (
            <RowAction label={`Excluir ${c.razaoSocial}`} title="Excluir" color="error" icon={<DeleteIcon fontSize="small" />} onClick={() => setDeleting(c)} />
          )}
        </Box>
      ),
    },
  ];

  const filtered = tab !== 'todos' || !!q;
  return (
    <Box sx={{ mb: 4 }}>
      <Title title="Clientes" />
      <PageHeader
        title="Gerenciamento de Clientes"
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setModal({ kind: 'create' })}>
            Adicionar Cliente
          </Button>
        }
      />
      {deleteError && (
        <Alert severity="error" onClose={() => setDeleteError(null)} sx={{ mb: 2 }}>
          {deleteError}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2 }}>
        <FilterTabs label="Filtrar por status" value={tab} options={TABS} onChange={setTab} />
        <SearchBox placeholder="Buscar clientes..." value={search} onChange={setSearch} />
        <PagedTable
          label="Clientes"
          columns={columns}
          rows={list.error ? [] : list.data}
          loading={list.isPending || list.isFetching}
          error={list.error ? `Erro ao carregar clientes: ${statusAndMessage(list.error)}` : null}
          emptyText={filtered ? 'Nenhum cliente encontrado para esta busca' : 'Não há clientes cadastrados'}
          total={list.total ?? 0}
          page={paging.page}
          perPage={paging.perPage}
          onPageChange={paging.setPage}
          onPerPageChange={paging.setPerPage}
          onRowClick={(c) => setModal({ kind: 'details', id: c._id })}
        />
      </Box>

      <Dialog
        open={!!modal}
        fullScreen={fullScreen}
        fullWidth
        maxWidth="md"
        aria-labelledby="cliente-modal-title"
        onClose={(_, reason) => {
          // A click outside must not throw away a form being filled; Esc still cancels.
          if (modal?.kind !== 'details' && reason === 'backdropClick') return;
          if (modal?.kind === 'edit') setModal({ kind: 'details', id: modal.id });
          else close();
        }}
      >
        {shown && <DialogTitle id="cliente-modal-title">{TITLES[shown.kind]}</DialogTitle>}
        {shown?.kind === 'create' && <ClienteForm cliente={null} onCancel={close} onSaved={saved} />}
        {shown?.kind === 'edit' &&
          (current ? (
            <ClienteForm key={current._id} cliente={current} onCancel={() => setModal({ kind: 'details', id: shown.id })} onSaved={saved} />
          ) : (
            <ClienteDetails cliente={null} loading={detail.isPending} canDelete={false} onEdit={close} onDelete={close} onClose={close} />
          ))}
        {shown?.kind === 'details' && (
          <ClienteDetails
            cliente={current}
            loading={detail.isPending}
            canDelete={canDelete}
            onEdit={() => setModal({ kind: 'edit', id: shown.id })}
            onDelete={() => current && setDeleting(current)}
            onClose={close}
          />
        )}
      </Dialog>

      <ConfirmDialog open={!!deleting} title="Excluir cliente" busy={removing} onConfirm={confirmDelete} onClose={() => setDeleting(null)}>
        <Typography gutterBottom>Tem certeza que deseja excluir este cliente?</Typography>
        <Typography color="text.secondary" gutterBottom>
          {asked?.razaoSocial}
        </Typography>
        {/* The server removes an inactive client's registros and documents with it: say so first. */}
        {asked?.status === 'inativo' && (
          <Alert severity="warning">Os registros e documentos deste cliente também serão excluídos, sem possibilidade de recuperação.</Alert>
        )}
      </ConfirmDialog>
    </Box>
  );
}
