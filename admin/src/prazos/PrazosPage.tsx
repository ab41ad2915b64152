import { REGISTROS_CSV } from '@veritas/common';
import { Box, Typography } from '@mui/material';
import ErrorIcon from '@mui/icons-material/Error';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { List, useBasename, useListContext } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { PRAZO_PROXIMO_DIAS_UTEIS } from '../registros/prazo';
import { RegistroDetail } from '../registros/RegistroDetail';
import { EmptyText } from '../layout/ListScreen';
import { FilterTabs, type FilterOption, registroSearch, RegistrosDataTable, useRegistrosExporter } from '../registros/RegistrosDataTable';
import { exportActions, PANEL_LIST, SCREEN_SX } from '../layout/screen';

const TABS: readonly FilterOption[] = [
  { value: 'abertos', label: 'Todos em aberto', filter: {} },
  { value: 'vencidos', label: 'Vencidos', filter: { vencido: true } },
  { value: 'proximos', label: `Vencem em até ${PRAZO_PROXIMO_DIAS_UTEIS} dias úteis`, filter: { venceEmDiasUteis: PRAZO_PROXIMO_DIAS_UTEIS } },
];

function Empty() {
  const { filterValues } = useListContext();
  const text = filterValues.q
    ? 'Nenhum registro encontrado para esta busca.'
    : filterValues.vencido
      ? 'Nenhum prazo vencido.'
      : filterValues.venceEmDiasUteis
        ? `Nenhum prazo vencendo nos próximos ${PRAZO_PROXIMO_DIAS_UTEIS} dias úteis.`
        : 'Nenhum registro em aberto.';
  return <EmptyText>{text}</EmptyText>;
}

/**
 * /painel/prazos: open registros by due date, soonest first; overdue ones and those due within
 * three business days stand out. An associado sees its own and the unassigned ones (the server decides).
 */
function Prazos() {
  const exporter = useRegistrosExporter('prazos');
  return (
    <Box sx={SCREEN_SX}>
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        Prazos
      </Typography>
      <Box component="p" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 0, color: 'text.secondary', typography: 'body2' }}>
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'error.main' }}>
          <ErrorIcon fontSize="small" aria-hidden /> vencido
        </Box>
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'warning.dark' }}>
          <WarningAmberIcon fontSize="small" aria-hidden /> vence em até {PRAZO_PROXIMO_DIAS_UTEIS} dias úteis
        </Box>
        <span>Prazos em dias úteis: fins de semana, feriados nacionais e os dias sem expediente do escritório não contam.</span>
      </Box>
      <List
        resource="registros"
        storeKey="registros.prazos"
        title="Prazos"
        filter={{ aberto: true }}
        filters={[registroSearch]}
        sort={{ field: 'prazo', order: 'ASC' }}
        {...PANEL_LIST}
        actions={exportActions('registros', 'prazos', REGISTROS_CSV)}
        exporter={exporter}
      >
        <FilterTabs label="Quais prazos" options={TABS} />
        <RegistrosDataTable base="prazos" focus="prazo" empty={<Empty />} />
      </List>
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
