import { useState } from 'react';
import { Box, Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { Title, useBasename, useGetList } from 'react-admin';
import { Route, Routes, useNavigate } from 'react-router-dom';
import { REGISTRO_STATUS_LABELS, REGISTRO_STATUSES, SERVICOS_CATALOGO, type RegistroStatus, type UserResponse } from '@veritas/common';
import { FilterTabs, PageHeader, SearchBox } from '../ui/ListToolbar';
import { Restricted } from '../layout/Restricted';
import { useDebounced } from '../layout/useDebounced';
import { RegistroDetail } from './RegistroDetail';
import { RegistrosTable, SCREEN_SX, useRegistrosPage } from './RegistrosTable';

type StatusTab = 'todos' | RegistroStatus;
const TABS: readonly { value: StatusTab; label: string }[] = [
  { value: 'todos', label: 'Todos' },
  ...REGISTRO_STATUSES.map((s) => ({ value: s, label: REGISTRO_STATUS_LABELS[s] })),
];

/** '' any, 'null' no one, else a staff id. */
type ResponsavelFilter = string;

/** /painel/registros: every registro of the firm (master and diretoria), filtered and searched on the server. */
function TodosRegistros() {
  const navigate = useNavigate();
  const basename = useBasename();
  const [tab, setTab] = useState<StatusTab>('todos');
  const [search, setSearch] = useState('');
  const [responsavel, setResponsavel] = useState<ResponsavelFilter>('');
  const [servico, setServico] = useState('');
  const [vencidos, setVencidos] = useState(false);
  const q = useDebounced(search.trim());
  const users = useGetList<UserResponse & { id: string }>('users', { pagination: { page: 1, perPage: 200 }, sort: { field: 'nomeCompleto', order: 'ASC' } });

  const filter: Record<string, unknown> = {};
  if (tab !== 'todos') filter.status = tab;
  if (q) filter.q = q;
  if (responsavel) filter.responsavelId = responsavel === 'null' ? null : responsavel;
  if (servico) filter.servico = servico;
  if (vencidos) filter.vencido = true;
  const page = useRegistrosPage(filter);
  const filtered = Object.keys(filter).length > 0;

  return (
    <Box sx={SCREEN_SX}>
      <Title title="Registros" />
      <PageHeader title="Registros" />
      <FilterTabs label="Status dos registros" value={tab} options={TABS} onChange={setTab} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, my: 2, alignItems: 'center' }}>
        <SearchBox placeholder="Buscar por protocolo, cliente ou CNPJ" value={search} onChange={setSearch} />
        <TextField select size="small" label="Responsável" value={responsavel} onChange={(e) => setResponsavel(e.target.value)} sx={{ minWidth: 200 }}>
          <MenuItem value="">Todos</MenuItem>
          <MenuItem value="null">Sem responsável</MenuItem>
          {(users.data ?? []).map((u) => (
            <MenuItem key={u._id} value={u._id}>
              {u.nomeCompleto}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label="Serviço" value={servico} onChange={(e) => setServico(e.target.value)} sx={{ minWidth: 220 }}>
          <MenuItem value="">Todos</MenuItem>
          {SERVICOS_CATALOGO.map((s) => (
            <MenuItem key={s.codigo} value={s.codigo}>
              {s.nome}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel control={<Checkbox checked={vencidos} onChange={(e) => setVencidos(e.target.checked)} />} label="Somente vencidos" />
      </Box>
      <RegistrosTable
        label="Registros"
        page={page}
        emptyText={filtered ? 'Nenhum registro encontrado para esta busca.' : 'Não há registros cadastrados.'}
        onOpen={(r) => navigate(`${basename}/registros/${r._id}`)}
      />
    </Box>
  );
}

/** /painel/registros and /painel/registros/:id. */
export default function RegistrosPage() {
  const basename = useBasename();
  return (
    <Restricted action="registros.readAll">
      <Routes>
        <Route index element={<TodosRegistros />} />
        <Route path=":id" element={<RegistroDetail back={{ to: `${basename}/registros`, label: 'Registros' }} />} />
      </Routes>
    </Restricted>
  );
}
