import { useState } from 'react';
import { Box, Button, MenuItem, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Title, useBasename, useGetIdentity, useNotify } from 'react-admin';
import { Route, Routes, useNavigate } from 'react-router-dom';
import { REGISTRO_STATUS_LABELS, REGISTRO_STATUSES } from '@veritas/common';
import { messageOf, usePanelApi } from '../ui/api';
import { FilterTabs, PageHeader, SearchBox } from '../ui/ListToolbar';
import { stop } from '../ui/PagedTable';
import { useDebounced } from '../ui/useDebounced';
import { RegistroDetail } from './RegistroDetail';
import { type RegistroRow, RegistrosTable, SCREEN_SX, useRegistrosPage } from './RegistrosTable';

type Tab = 'meus' | 'livres';
const TABS: readonly { value: Tab; label: string }[] = [
  { value: 'meus', label: 'Atribuídos a mim' },
  { value: 'livres', label: 'Sem responsável' },
];

/** The open ones by default: what is still to do. */
const STATUS_OPTIONS = [
  { value: 'abertos', label: 'Em aberto (pendente ou em andamento)' },
  { value: 'todos', label: 'Todos' },
  ...REGISTRO_STATUSES.map((s) => ({ value: s, label: REGISTRO_STATUS_LABELS[s] })),
];

/** /painel/meu-registros: the registros assigned to me, and the unassigned ones to take. */
function MeusRegistros() {
  const navigate = useNavigate();
  const basename = useBasename();
  const api = usePanelApi();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { identity } = useGetIdentity();
  const [tab, setTab] = useState<Tab>('meus');
  const [status, setStatus] = useState('abertos');
  const [search, setSearch] = useState('');
  const [taking, setTaking] = useState<string | null>(null);
  const q = useDebounced(search.trim());

  const filter: Record<string, unknown> = { responsavelId: tab === 'meus' ? 'me' : null };
  if (status === 'abertos') filter.aberto = true;
  else if (status !== 'todos') filter.status = status;
  if (q) filter.q = q;
  const page = useRegistrosPage(filter, { field: 'prazo', order: 'ASC' });

  async function take(r: RegistroRow) {
    if (!identity) return;
    setTaking(r._id);
    try {
      await api.api(`/registros/${r._id}/responsavel`, { method: 'PUT', body: { responsavelId: identity.id } });
      notify(`Você assumiu o registro ${r.numero}.`, { type: 'success' });
      queryClient.invalidateQueries({ queryKey: ['registros'] });
    } catch (err) {
      notify(messageOf(err, 'Não foi possível assumir o registro.'), { type: 'error' });
      page.list.refetch();
    } finally {
      setTaking(null);
    }
  }

  return (
    <Box sx={SCREEN_SX}>
      <Title title="Meus Registros" />
      <PageHeader title="Meus Registros" />
      <FilterTabs label="Quais registros" value={tab} options={TABS} onChange={setTab} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, my: 2 }}>
        <SearchBox placeholder="Buscar por protocolo, cliente ou CNPJ" value={search} onChange={setSearch} />
        <TextField select size="small" label="Status" value={status} onChange={(e) => setStatus(e.target.value)} sx={{ minWidth: 260 }}>
          {STATUS_OPTIONS.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <RegistrosTable
        label={tab === 'meus' ? 'Registros atribuídos a mim' : 'Registros sem responsável'}
        page={page}
        emptyText={
          q ? 'Nenhum registro encontrado para esta busca.' : tab === 'meus' ? 'Nenhum registro atribuído a você.' : 'Nenhum registro sem responsável.'
        }
        onOpen={(r) => navigate(`${basename}/meu-registros/${r._id}`)}
        extra={
          tab === 'livres'
            ? {
                key: 'assumir',
                label: 'Ações',
                align: 'right',
                render: (r) => (
                  <Button size="small" variant="outlined" disabled={taking !== null} aria-label={`Assumir ${r.numero}`} onClick={stop(() => take(r))}>
                    Assumir
                  </Button>
                ),
              }
            : undefined
        }
      />
    </Box>
  );
}

/** /painel/meu-registros and /painel/meu-registros/:id. */
export default function MeusRegistrosPage() {
  const basename = useBasename();
  return (
    <Routes>
      <Route index element={<MeusRegistros />} />
      <Route path=":id" element={<RegistroDetail back={{ to: `${basename}/meu-registros`, label: 'Meus Registros' }} />} />
    </Routes>
  );
}
