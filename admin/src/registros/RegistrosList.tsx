import { useState } from 'react';
import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import { Box, Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField, Typography } from '@mui/material';
import {
  Button,
  List,
  SelectInput,
  useGetList,
  useListContext,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { REGISTRO_STATUS_LABELS, REGISTRO_STATUSES, SERVICOS_CATALOGO, type UserResponse, REGISTROS_CSV } from '@veritas/common';
import { bulkNotice, plural } from '../providers/bulk';
import { useRegistrosApi } from '../providers/registrosMethods';
import { useAusentesHoje } from '../providers/useAusentes';
import { FilterTabsInput, ListEmpty, ListLoadError, PageHeader } from '../layout/ListScreen';
import { Restricted, useCan } from '../layout/Restricted';
import { CheckboxFilterInput, registroSearch, RegistrosDataTable, useRegistrosExporter } from './RegistrosDataTable';
import { exportActions, PANEL_LIST, SCREEN_SX } from '../layout/screen';
import { NovoRegistroButton } from './NovoRegistroDialog';

/** '' (no status filter, removed from the URL) is Todos. */
const STATUS_TABS = [{ value: '', label: 'Todos' }, ...REGISTRO_STATUSES.map((s) => ({ value: s, label: REGISTRO_STATUS_LABELS[s] }))];

/** The URL-safe "no one" the server reads as responsavelId IS NULL. */
export const SEM_RESPONSAVEL = 'nenhum';

type StaffUser = UserResponse & { id: string };

/** The staff who may be responsible (the board lists users; the others only choose "Sem responsável"). */
function useStaff(enabled: boolean) {
  return useGetList<StaffUser>('users', { pagination: { page: 1, perPage: 200 }, sort: { field: 'nomeCompleto', order: 'ASC' } }, { enabled });
}

function ResponsavelInput(props: { source: string; alwaysOn?: boolean }) {
  const translate = useTranslate();
  const board = useCan('users.list');
  const users = useStaff(board);
  const choices = [{ id: SEM_RESPONSAVEL, name: 'Sem responsável' }, ...(users.data ?? []).map((u) => ({ id: u._id, name: u.nomeCompleto }))];
  return (
    <SelectInput
      source={props.source}
      label={translate('resources.registros.fields.responsavelId')}
      choices={choices}
      emptyText="Todos"
      isPending={board && users.isPending}
      helperText={false}
      sx={{ minWidth: 200 }}
    />
  );
}

const SERVICO_CHOICES = SERVICOS_CATALOGO.map((s) => ({ id: s.codigo, name: s.nome }));

const filters = [
  registroSearch,
  <ResponsavelInput key="responsavelId" source="responsavelId" alwaysOn />,
  <SelectInput
    key="servico"
    source="servico"
    label="resources.registros.fields.servico"
    choices={SERVICO_CHOICES}
    emptyText="Todos"
    helperText={false}
    sx={{ minWidth: 220 }}
    alwaysOn
  />,
  <CheckboxFilterInput key="vencido" source="vencido" label="Somente vencidos" alwaysOn />,
  <FilterTabsInput key="status" source="status" label="Status dos registros" options={STATUS_TABS} all="" alwaysOn />,
];

/** Bulk "Atribuir": the selected registros to one person of the staff (or to no one). */
function BulkAssignButton() {
  const { selectedIds, onUnselectItems } = useListContext();
  const api = useRegistrosApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const users = useStaff(true);
  const [open, setOpen] = useState(false);
  const ausentes = useAusentesHoje(open);
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const name = chosen === SEM_RESPONSAVEL ? null : users.data?.find((u) => u._id === chosen)?.nomeCompleto;

  async function assign() {
    setBusy(true);
    const result = await api.assignRegistros(selectedIds, chosen === SEM_RESPONSAVEL ? null : chosen);
    const notice = bulkNotice(
      result,
      (n) => (name ? `${plural(n, 'registro atribuído', 'registros atribuídos')} a ${name}.` : `${plural(n, 'registro ficou', 'registros ficaram')} sem responsável.`),
      (n) => plural(n, 'não mudou', 'não mudaram'),
    );
    notify(notice.text, { type: notice.type });
    setBusy(false);
    setOpen(false);
    setChosen('');
    onUnselectItems();
    refresh();
  }

  return (
    <>
      <Button label="Atribuir" onClick={() => setOpen(true)}>
        <AssignmentIndIcon />
      </Button>
      <Dialog open={open} onClose={busy ? undefined : () => setOpen(false)} aria-labelledby="atribuir-title" fullWidth maxWidth="xs">
        <DialogTitle id="atribuir-title">Atribuir registros</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {plural(selectedIds.length, 'registro selecionado', 'registros selecionados')}. Os encerrados mantêm o responsável.
          </Typography>
          <TextField select fullWidth size="small" label="Atribuir a" value={chosen} onChange={(e) => setChosen(e.target.value)}>
            {(users.data ?? [])
              .filter((u) => !!ausentes && !ausentes.has(u._id))
              .map((u) => (
                <MenuItem key={u._id} value={u._id}>
                  {u.nomeCompleto}
                </MenuItem>
              ))}
            <MenuItem value={SEM_RESPONSAVEL}>Sem responsável</MenuItem>
          </TextField>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)} disabled={busy}>
            Cancelar
          </MuiButton>
          <MuiButton variant="contained" onClick={() => void assign()} disabled={busy || !chosen}>
            {busy ? 'Atribuindo...' : 'Atribuir'}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** /painel/registros: every registro of the firm (the board and the firm's readers), sorted, filtered and searched on the server. */
function RegistrosBoard() {
  const exporter = useRegistrosExporter('registros');
  const board = useCan('registros.assign');
  return (
    <Box sx={SCREEN_SX}>
      <PageHeader title="Registros" />
      <List
        resource="registros"
        title="Registros"
        filters={filters}
        sort={{ field: 'createdAt', order: 'DESC' }}
        {...PANEL_LIST}
        actions={exportActions('registros', 'registros', REGISTROS_CSV, <NovoRegistroButton />)}
        exporter={exporter}
        error={<ListLoadError fallback="Erro ao carregar registros." />}
      >
        <RegistrosDataTable
          base="registros"
          bulkActionButtons={board ? <BulkAssignButton /> : false}
          empty={<ListEmpty none="Não há registros cadastrados." noMatch="Nenhum registro encontrado para esta busca." />}
        />
      </List>
    </Box>
  );
}

export default function RegistrosList() {
  return (
    <Restricted action="registros.readAll">
      <RegistrosBoard />
    </Restricted>
  );
}
