import { useState } from 'react';
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Typography, useMediaQuery, type Theme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ToggleOffIcon from '@mui/icons-material/ToggleOff';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import { Title, useGetList, useNotify } from 'react-admin';
import { formatBRL, formatDateBR, type ServicoResponse, type TipoClienteResponse } from '@veritas/common';
import { statusAndMessage, usePanelApi } from '../ui/api';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { InfoList, InfoSection } from '../ui/InfoList';
import { FilterTabs, PageHeader, SearchBox } from '../ui/ListToolbar';
import { RowAction } from '../ui/FormBits';
import { type Column, PagedTable } from '../ui/PagedTable';
import { useCan } from '../ui/Restricted';
import { useClosing } from '../ui/useClosing';
import { useDebounced } from '../ui/useDebounced';
import { usePaging } from '../ui/usePaging';
import { TipoClienteForm } from './TipoClienteForm';

type StatusTab = 'todos' | 'ativos' | 'inativos';
const TABS: readonly { value: StatusTab; label: string }[] = [
  { value: 'todos', label: 'Todos' },
  { value: 'ativos', label: 'Ativos' },
  { value: 'inativos', label: 'Inativos' },
];

type Modal = { kind: 'create' } | { kind: 'details'; tipo: TipoClienteResponse } | { kind: 'edit'; tipo: TipoClienteResponse } | null;
const TITLES = { create: 'Cadastrar Tipo de Cliente', edit: 'Editar Tipo de Cliente', details: 'Detalhes do Tipo de Cliente' } as const;

function StatusChip({ ativo }: { ativo: boolean }) {
  return <Chip size="small" label={ativo ? 'Ativo' : 'Inativo'} color={ativo ? 'success' : 'default'} />;
}

function ServiceBadges({ servicos }: { servicos: ServicoResponse[] }) {
  if (!servicos.length) {
    return (
      <Typography variant="body2" color="text.secondary">
        Nenhum serviço cadastrado
      </Typography>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {servicos.map((s, i) => (
        <Chip key={i} size="small" variant="outlined" color="primary" label={`${s.nome}: ${formatBRL(s.valor)}`} />
      ))}
    </Box>
  );
}

/** Tipos de Cliente (§2.13): list, tabs, search, toggle, and one modal for details and the form. */
export default function TiposClientePage() {
  const api = usePanelApi();
  const notify = useNotify();
  const canDelete = useCan('tiposCliente.delete');
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [tab, setTab] = useState<StatusTab>('todos');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const paging = usePaging(`${tab}|${q}`);
  const list = useGetList<TipoClienteResponse & { id: string }>('tipos-cliente', {
    pagination: paging.pagination,
    sort: { field: 'nome', order: 'ASC' },
    filter: { status: tab, ...(q ? { q } : {}) },
  });
  const [modal, setModal] = useState<Modal>(null);
  const shown = useClosing(modal);
  const [deleting, setDeleting] = useState<TipoClienteResponse | null>(null);
  const asked = useClosing(deleting);
  const [removing, setRemoving] = useState(false);

  const toggle = async (tipo: TipoClienteResponse) => {
    try {
      const res = await api.api<TipoClienteResponse>(`/tipos-cliente/${tipo._id}/toggle-status`, { method: 'PUT' });
      notify(res.message ?? 'Status alterado.', { type: 'success' });
      if (modal?.kind === 'details' && modal.tipo._id === tipo._id) setModal({ kind: 'details', tipo: res.data });
      list.refetch();
    } catch (err) {
      notify(`Erro ao alterar status: ${statusAndMessage(err)}`, { type: 'error' });
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setRemoving(true);
    try {
      const res = await api.api(`/tipos-cliente/${deleting._id}`, { method: 'DELETE' });
      notify(res.message ?? 'Tipo de cliente excluído com sucesso!', { type: 'success' });
      setModal(null);
      list.refetch();
    } catch (err) {
      notify(`Erro ao excluir tipo de cliente: ${statusAndMessage(err)}`, { type: 'error' });
    } finally {
      setRemoving(false);
      setDeleting(null);
    }
  };

  const columns: Column<TipoClienteResponse>[] = [
    { key: 'nome', label: 'Nome', render: (t) => <Typography variant="body2" sx={{ fontWeight: 500 }}>{t.nome}</Typography> },
    { key: 'servicos', label: 'Serviços', render: (t) => <ServiceBadges servicos={t.servicos} />, hideBelow: 'sm' },
    { key: 'ativo', label: 'Status', render: (t) => <StatusChip ativo={t.ativo} /> },
    { key: 'createdAt', label: 'Data de Cadastro', render: (t) => formatDateBR(t.createdAt), hideBelow: 'md' },
    {
      key: 'acoes',
      label: 'Ações',
      align: 'right',
      render: (t) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>
          <RowAction label={`Editar ${t.nome}`} title="Editar" icon={<EditIcon fontSize="small" />} onClick={() => setModal({ kind: 'edit', tipo: t })} />
          <RowAction
            label={`${t.ativo ? 'Inativar' : 'Ativar'} ${t.nome}`}
            title={t.ativo ? 'Inativar' : 'Ativar'}
            icon={t.ativo ? <ToggleOnIcon fontSize="small" color="success" /> : <ToggleOffIcon fontSize="small" />}
            onClick={() => toggle(t)}
          />
          {canDelete && (
            <RowAction label={`Excluir ${t.nome}`} title="Excluir" color="error" icon={<DeleteIcon fontSize="small" />} onClick={() => setDeleting(t)} />
          )}
        </Box>
      ),
    },
  ];

  const saved = (message: string) => {
    notify(message, { type: 'success' });
    setModal(null);
    list.refetch();
  };
  const filtered = tab !== 'todos' || !!q;
  return (
    <Box sx={{ mb: 4 }}>
      <Title title="Tipos de Cliente" />
      <PageHeader
        title="Tipos de Cliente"
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setModal({ kind: 'create' })}>
            Cadastrar Tipo de Cliente
          </Button>
        }
      />
      <Box sx={{ display: 'grid', gap: 2 }}>
        <FilterTabs label="Filtrar por status" value={tab} options={TABS} onChange={setTab} />
        <SearchBox placeholder="Buscar tipos de cliente..." value={search} onChange={setSearch} />
        <PagedTable
          label="Tipos de cliente"
          columns={columns}
          rows={list.error ? [] : list.data}
          loading={list.isPending || list.isFetching}
          error={list.error ? `Erro ao carregar tipos de cliente: ${statusAndMessage(list.error)}` : null}
          emptyText={filtered ? 'Nenhum tipo de cliente encontrado para esta busca' : 'Não há tipos de cliente cadastrados'}
          total={list.total ?? 0}
          page={paging.page}
          perPage={paging.perPage}
          onPageChange={paging.setPage}
          onPerPageChange={paging.setPerPage}
          onRowClick={(t) => setModal({ kind: 'details', tipo: t })}
        />
      </Box>

      {/* A click on the backdrop closes it in every mode (§2.13). */}
      <Dialog open={!!modal} onClose={() => setModal(null)} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="tipo-modal-title">
        {shown && <DialogTitle id="tipo-modal-title">{TITLES[shown.kind]}</DialogTitle>}
        {shown?.kind === 'create' && <TipoClienteForm tipo={null} onCancel={() => setModal(null)} onSaved={saved} />}
        {shown?.kind === 'edit' && <TipoClienteForm tipo={shown.tipo} onCancel={() => setModal(null)} onSaved={saved} />}
        {shown?.kind === 'details' && (
          <>
            <DialogContent dividers>
              <InfoSection title="Informações gerais">
                <InfoList
                  items={[
                    ['Nome', shown.tipo.nome],
                    ['Status', <StatusChip key="s" ativo={shown.tipo.ativo} />],
                    ['Data de Cadastro', formatDateBR(shown.tipo.createdAt)],
                    ['Última atualização', formatDateBR(shown.tipo.updatedAt)],
                  ]}
                />
              </InfoSection>
              <InfoSection title="Serviços incluídos">
                {shown.tipo.servicos.length ? (
                  <Box component="ul" sx={{ m: 0, pl: 2 }}>
                    {shown.tipo.servicos.map((s, i) => (
                      <li key={i}>
                        {s.nome}: <strong>{formatBRL(s.valor)}</strong>
                      </li>
                    ))}
                  </Box>
                ) : (
                  <Typography color="text.secondary">Nenhum serviço cadastrado</Typography>
                )}
              </InfoSection>
            </DialogContent>
            <DialogActions>
              <Button variant="contained" onClick={() => setModal({ kind: 'edit', tipo: shown.tipo })}>
                Editar
              </Button>
              {canDelete && (
                <Button color="error" variant="outlined" onClick={() => setDeleting(shown.tipo)}>
                  Excluir
                </Button>
              )}
              <Button onClick={() => setModal(null)}>Fechar</Button>
            </DialogActions>
          </>
        )}
      </Dialog>

      <ConfirmDialog open={!!deleting} title="Excluir tipo de cliente" busy={removing} onConfirm={confirmDelete} onClose={() => setDeleting(null)}>
        <Typography gutterBottom>
          Tem certeza que deseja excluir o tipo de cliente <strong>{asked?.nome}</strong>?
        </Typography>
        <Typography color="text.secondary">Esta ação não pode ser desfeita.</Typography>
      </ConfirmDialog>
    </Box>
  );
}
