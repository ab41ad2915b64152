import { useState } from 'react';
import { Box, Typography } from '@mui/material';
import ErrorIcon from '@mui/icons-material/Error';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Title, useBasename } from 'react-admin';
import { Route, Routes, useNavigate } from 'react-router-dom';
import { PRAZO_PROXIMO_DIAS_UTEIS } from '../registros/prazo';
import { RegistroDetail } from '../registros/RegistroDetail';
import { RegistrosTable, SCREEN_SX, useRegistrosPage } from '../registros/RegistrosTable';
import { FilterTabs, PageHeader, SearchBox } from '../ui/ListToolbar';
import { useDebounced } from '../ui/useDebounced';

type Tab = 'abertos' | 'vencidos' | 'proximos';
const TABS: readonly { value: Tab; label: string }[] = [
  { value: 'abertos', label: 'Todos em aberto' },
  { value: 'vencidos', label: 'Vencidos' },
  { value: 'proximos', label: `Vencem em até ${PRAZO_PROXIMO_DIAS_UTEIS} dias úteis` },
];

/**
 * /painel/prazos: open registros by due date, soonest first; overdue ones and those due within
 * three business days stand out. An associado sees its own and the unassigned ones (the server decides).
 */
function Prazos() {
  const navigate = useNavigate();
  const basename = useBasename();
  const [tab, setTab] = useState<Tab>('abertos');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());

  const filter: Record<string, unknown> = { aberto: true };
  if (tab === 'vencidos') filter.vencido = true;
  if (tab === 'proximos') filter.venceEmDiasUteis = PRAZO_PROXIMO_DIAS_UTEIS;
  if (q) filter.q = q;
  const page = useRegistrosPage(filter, { field: 'prazo', order: 'ASC' });

  return (
    <Box sx={SCREEN_SX}>
      <Title title="Prazos" />
      <PageHeader title="Prazos" />
      <Box component="p" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 0, color: 'text.secondary', typography: 'body2' }}>
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'error.main' }}>
          <ErrorIcon fontSize="small" aria-hidden /> vencido
        </Box>
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'warning.dark' }}>
          <WarningAmberIcon fontSize="small" aria-hidden /> vence em até {PRAZO_PROXIMO_DIAS_UTEIS} dias úteis
        </Box>
        <span>Prazos em dias úteis: fins de semana, feriados nacionais e os dias sem expediente do escritório não contam.</span>
      </Box>
      <FilterTabs label="Quais prazos" value={tab} options={TABS} onChange={setTab} />
      <Box sx={{ my: 2 }}>
        <SearchBox placeholder="Buscar por protocolo, cliente ou CNPJ" value={search} onChange={setSearch} />
      </Box>
      <RegistrosTable
        label="Prazos dos registros em aberto"
        page={page}
        focus="prazo"
        emptyText={
          q
            ? 'Nenhum registro encontrado para esta busca.'
            : tab === 'vencidos'
              ? 'Nenhum prazo vencido.'
              : tab === 'proximos'
                ? `Nenhum prazo vencendo nos próximos ${PRAZO_PROXIMO_DIAS_UTEIS} dias úteis.`
                : 'Nenhum registro em aberto.'
        }
        onOpen={(r) => navigate(`${basename}/prazos/${r._id}`)}
      />
      <Typography variant="caption" color="text.secondary">
        Registros aguardando o cliente ficam com o prazo suspenso até voltarem a andamento.
      </Typography>
    </Box>
  );
}

/** /painel/prazos and /painel/prazos/:id. */
export default function PrazosPage() {
  const basename = useBasename();
  return (
    <Routes>
      <Route index element={<Prazos />} />
      <Route path=":id" element={<RegistroDetail back={{ to: `${basename}/prazos`, label: 'Prazos' }} />} />
    </Routes>
  );
}
