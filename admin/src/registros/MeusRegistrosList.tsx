import { useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { DataTable, List, useGetIdentity, useListContext, useNotify, useRefresh } from 'react-admin';
import { REGISTRO_STATUS_LABELS, REGISTRO_STATUSES, REGISTROS_CSV } from '@veritas/common';
import { useRegistrosApi } from '../providers/registrosMethods';
import { errorMessage } from '@veritas/web';
import { EmptyText } from '../layout/ListScreen';
import {
  FilterSelect,
  FilterTabs,
  type FilterOption,
  type RegistroRow,
  registroSearch,
  RegistrosDataTable,
  useRegistrosExporter,
} from './RegistrosDataTable';
import { exportActions, PANEL_LIST, SCREEN_SX } from '../layout/screen';
import { NovoRegistroButton } from './NovoRegistroDialog';

const TABS: readonly FilterOption[] = [
  { value: 'meus', label: 'Atribuídos a mim', filter: { responsavelId: 'me' } },
  { value: 'livres', label: 'Sem responsável', filter: { responsavelId: 'nenhum' } },
];

/** The open ones by default: what is still to do. */
const STATUS_OPTIONS: readonly FilterOption[] = [
  { value: 'abertos', label: 'Em aberto (pendente ou em andamento)', filter: { aberto: true } },
  { value: 'todos', label: 'Todos', filter: {} },
  ...REGISTRO_STATUSES.map((s) => ({ value: s, label: REGISTRO_STATUS_LABELS[s], filter: { status: s } })),
];

/** "Assumir": the associado takes an unassigned registro (the dataProvider's assignRegistro). */
function TakeButton({ r }: { r: RegistroRow }) {
  const api = useRegistrosApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const { identity } = useGetIdentity();
  const [busy, setBusy] = useState(false);
  async function take(e: React.MouseEvent) {
    e.stopPropagation();
    if (!identity) return;
    setBusy(true);
    try {
      await api.assignRegistro(r._id, String(identity.id));
      notify(`Você assumiu o registro ${r.numero}.`, { type: 'success' });
    } catch (err) {
      notify(errorMessage(err, 'Não foi possível assumir o registro.'), { type: 'error' });
    } finally {
      setBusy(false);
      refresh();
    }
  }
  return (
    <Button size="small" variant="outlined" disabled={busy} aria-label={`Assumir ${r.numero}`} onClick={(e) => void take(e)}>
      Assumir
    </Button>
  );
}

function MeusRegistrosTable() {
  const { filterValues } = useListContext();
  const livres = filterValues.responsavelId === 'nenhum';
  const empty = filterValues.q
    ? 'Nenhum registro encontrado para esta busca.'
    : livres
      ? 'Nenhum registro sem responsável.'
      : 'Nenhum registro atribuído a você.';
  return (
    <RegistrosDataTable
      base="meu-registros"
      empty={<EmptyText>{empty}</EmptyText>}
      extra={livres ? <DataTable.Col label="Ações" align="right" disableSort render={(r: RegistroRow) => <TakeButton r={r} />} /> : null}
    />
  );
}

/** /painel/meu-registros: the registros assigned to me, and the unassigned ones to take. */
export function MeusRegistrosList() {
  const exporter = useRegistrosExporter('meus-registros');
  return (
    <Box sx={SCREEN_SX}>
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        Meus Registros
      </Typography>
      <List
        resource="registros"
        storeKey="registros.meus"
        title="Meus Registros"
        filters={[registroSearch]}
        filterDefaultValues={{ responsavelId: 'me', aberto: true }}
        sort={{ field: 'prazo', order: 'ASC' }}
        {...PANEL_LIST}
        exporter={exporter}
        actions={exportActions('registros', 'meus-registros', REGISTROS_CSV, <><NovoRegistroButton /><FilterSelect label="Status" options={STATUS_OPTIONS} minWidth={260} /></>)}
      >
        <FilterTabs label="Quais registros" options={TABS} />
        <MeusRegistrosTable />
      </List>
    </Box>
  );
}
