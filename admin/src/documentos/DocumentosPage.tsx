import { useState } from 'react';
import { Box, Button, IconButton, MenuItem, TextField, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import { useQuery } from '@tanstack/react-query';
import { Title, useGetList, useNotify } from 'react-admin';
import type { DocumentoResponse, RegistroResponse } from '@veritas/common';
import { useRegistrosApi } from '../providers/registrosMethods';
import { errorMessage } from '@veritas/web';
import { ConfirmDialog } from '../layout/ConfirmDialog';
import { FilterTabs, PageHeader, SearchBox } from '../ui/ListToolbar';
import { type Column, PagedTable, stop } from '../ui/PagedTable';
import { useDebounced } from '../layout/useDebounced';
import { usePaging } from '../ui/usePaging';
import { ClienteAutocomplete, type ClienteOption } from './ClienteAutocomplete';
import { DeliveryText, SenderText } from './DocumentoNotes';
import { DownloadButton } from './DownloadButton';
import { formatBytes } from './transfer';
import { SCREEN_SX } from '../registros/screen';
import { UploadDialog } from './UploadDialog';

type Origem = 'todos' | 'equipe' | 'cliente';
const TABS: readonly { value: Origem; label: string }[] = [
  { value: 'todos', label: 'Todos' },
  { value: 'equipe', label: 'Enviados pelo escritório' },
  { value: 'cliente', label: 'Enviados pelos clientes' },
];

type DocRow = DocumentoResponse & { id: string };

/** Documentos: every client's documents, by client and registro, with upload and the client's first download. */
export default function DocumentosPage() {
  const api = useRegistrosApi();
  const notify = useNotify();
  const [origem, setOrigem] = useState<Origem>('todos');
  const [search, setSearch] = useState('');
  const [cliente, setCliente] = useState<ClienteOption | null>(null);
  const [registroId, setRegistroId] = useState('');
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<DocRow | null>(null);
  const [removing, setRemoving] = useState(false);
  const q = useDebounced(search.trim());

  const filter: Record<string, unknown> = {};
  if (origem !== 'todos') filter.enviadoPor = origem;
  if (q) filter.q = q;
  if (cliente) filter.clienteId = cliente._id;
  if (cliente && registroId) filter.registroId = registroId;
  const paging = usePaging(JSON.stringify(filter));
  const list = useGetList<DocRow>('documentos', { pagination: paging.pagination, sort: { field: 'createdAt', order: 'DESC' }, filter });
  // Once a client is chosen, its registros narrow the list further.
  const registros = useQuery({
    queryKey: ['registros-cliente', cliente?._id],
    queryFn: () => api.getRegistrosDoCliente(cliente!._id),
    enabled: !!cliente,
    retry: false,
  });

  const remove = async () => {
    if (!deleting) return;
    setRemoving(true);
    try {
      await api.delete('documentos', { id: deleting._id, previousData: deleting });
      notify('Documento excluído.', { type: 'success' });
      list.refetch();
    } catch (err) {
      notify(`Erro ao excluir documento: ${errorMessage(err, 'tente novamente.')}`, { type: 'error' });
    } finally {
      setRemoving(false);
      setDeleting(null);
    }
  };

  const columns: Column<DocRow>[] = [
    {
      key: 'titulo',
      label: 'Documento',
      render: (d) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {d.titulo}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {d.tipo} · {formatBytes(d.tamanho)} · {d.nomeArquivo}
          </Typography>
        </>
      ),
    },
    { key: 'cliente', label: 'Cliente', render: (d) => d.clienteNome ?? '—' },
    { key: 'registro', label: 'Registro', render: (d) => <Box sx={{ whiteSpace: 'nowrap' }}>{d.registroNumero ?? '—'}</Box>, hideBelow: 'sm' },
    { key: 'enviado', label: 'Enviado por', render: (d) => <SenderText doc={d} />, hideBelow: 'md' },
    { key: 'entrega', label: 'Entrega', render: (d) => <DeliveryText doc={d} />, hideBelow: 'sm' },
    {
      key: 'acoes',
      label: 'Ações',
      align: 'right',
      render: (d) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>
          <DownloadButton doc={d} onDownloaded={() => list.refetch()} />
          <Tooltip title="Excluir">
            <IconButton size="small" color="error" aria-label={`Excluir ${d.titulo}`} onClick={stop(() => setDeleting(d))}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      ),
    },
  ];

  const filtered = origem !== 'todos' || !!q || !!cliente;
  return (
    <Box sx={SCREEN_SX}>
      <Title title="Documentos" />
      <PageHeader
        title="Documentos"
        action={
          <Button variant="contained" startIcon={<UploadIcon />} onClick={() => setUploading(true)}>
            Enviar documento
          </Button>
        }
      />
      <FilterTabs label="Origem dos documentos" value={origem} options={TABS} onChange={setOrigem} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, my: 2 }}>
        <SearchBox placeholder="Buscar por título, arquivo ou cliente" value={search} onChange={setSearch} />
        <ClienteAutocomplete
          value={cliente}
          onChange={(v) => {
            setCliente(v);
            setRegistroId('');
          }}
          size="small"
          sx={{ width: { xs: '100%', sm: 300 } }}
        />
        {cliente && (
          <TextField select size="small" label="Registro" value={registroId} onChange={(e) => setRegistroId(e.target.value)} sx={{ width: { xs: '100%', sm: 260 } }}>
            <MenuItem value="">Todos os registros</MenuItem>
            {(registros.data ?? []).map((r) => (
              <MenuItem key={r._id} value={r._id}>
                {r.numero} · {r.tipo}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>
      <PagedTable
        label="Documentos"
        columns={columns}
        rows={list.data}
        loading={list.isFetching}
        error={list.error ? errorMessage(list.error, 'Erro ao carregar documentos.') : null}
        emptyText={filtered ? 'Nenhum documento encontrado para esta busca.' : 'Não há documentos cadastrados.'}
        total={list.total ?? 0}
        page={paging.page}
        perPage={paging.perPage}
        onPageChange={paging.setPage}
        onPerPageChange={paging.setPerPage}
      />
      <UploadDialog
        open={uploading}
        onClose={() => setUploading(false)}
        onUploaded={(doc) => {
          setUploading(false);
          notify(`Documento "${doc.titulo}" enviado para ${doc.clienteNome ?? 'o cliente'}.`, { type: 'success' });
          list.refetch();
        }}
      />
      <ConfirmDialog open={!!deleting} title="Excluir documento" busy={removing} onConfirm={remove} onClose={() => setDeleting(null)}>
        Tem certeza que deseja excluir o documento "{deleting?.titulo}"? O arquivo será removido e o cliente deixará de vê-lo.
      </ConfirmDialog>
    </Box>
  );
}
