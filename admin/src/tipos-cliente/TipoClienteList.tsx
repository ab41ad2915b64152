import { Box, Chip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ToggleOffIcon from '@mui/icons-material/ToggleOff';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import { useMutation } from '@tanstack/react-query';
import {
  Confirm,
  CreateBase,
  DataTable,
  DateField,
  EditBase,
  ExportButton,
  List,
  ShowBase,
  TopToolbar,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { formatBRL, formatDateBR, type ServicoResponse, type TipoClienteResponse } from '@veritas/common';
import { errorMessage, UNEXPECTED_FAILURE } from '@veritas/web';
import { i18nProvider } from '../providers/i18nProvider';
import { csvExporter } from '../providers/exporter';
import type { PanelDataProvider } from '../providers/dataProvider';
import { DialogForm, ModalDialog } from '../layout/DialogForm';
import { ListEmpty, ListLoadError, ResourceHeader, searchFilter, tabsFilter, useDialogRoute, useListModals } from '../layout/ListScreen';
import { useCan } from '../layout/Restricted';
import { RowAction } from '../layout/RowAction';
import { StatusChip, TipoClienteDetails } from './TipoClienteDetails';
import { checkTipoCliente, TipoClienteInputs, tipoClientePayload, type TipoClienteValues } from './TipoClienteInputs';

type Tipo = TipoClienteResponse & { id: string };
const R = 'tipos-cliente';
const t = (key: string, options?: object) => i18nProvider.translate(key, options);

export const STATUS_TABS = [
  { value: 'todos', label: 'Todos' },
  { value: 'ativos', label: 'Ativos' },
  { value: 'inativos', label: 'Inativos' },
] as const;

/** The CSV of the filtered list: pt-BR headers, dates dd/mm/aaaa and BRL services. */
export const exportTiposCliente = csvExporter<Tipo>('tipos-de-cliente', () => [
  { header: t(`resources.${R}.fields.nome`), value: (r) => r.nome },
  { header: t(`resources.${R}.fields.servicos`), value: (r) => r.servicos.map((s) => `${s.nome}: ${formatBRL(s.valor)}`).join(' | ') },
  { header: t(`resources.${R}.fields.ativo`), value: (r) => t(r.ativo ? 'panel.status.ativo' : 'panel.status.inativo') },
  { header: t(`resources.${R}.fields.createdAt`), value: (r) => formatDateBR(r.createdAt) },
  { header: t(`resources.${R}.fields.updatedAt`), value: (r) => formatDateBR(r.updatedAt) },
]);

function ServiceBadges({ servicos }: { servicos: ServicoResponse[] }) {
  const translate = useTranslate();
  if (!servicos.length) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate(`resources.${R}.empty.servicos`)}
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

/** Ativar/Inativar through the named dataProvider method; the server's message is shown. */
function useToggleStatus() {
  const dataProvider = useDataProvider<PanelDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => dataProvider.toggleStatus(R, { id }),
    onSuccess: (answer) => {
      notify(answer.message ?? 'Status alterado.', { type: 'success' });
      refresh();
    },
    onError: (error) => notify(`Erro ao alterar status: ${errorMessage(error, UNEXPECTED_FAILURE)}`, { type: 'error' }),
  });
}

function RowActions(props: { onEdit: (t: Tipo) => void; onDelete: (t: Tipo) => void }) {
  const tipo = useRecordContext<Tipo>();
  const canDelete = useCan('tiposCliente.delete');
  const canWrite = useCan('tiposCliente.write');
  const translate = useTranslate();
  const toggle = useToggleStatus();
  if (!tipo || !canWrite) return null;
  const toggleLabel = translate(tipo.ativo ? 'panel.actions.inactivate' : 'panel.actions.activate');
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <RowAction label={`${translate('panel.actions.edit')} ${tipo.nome}`} title={translate('panel.actions.edit')} icon={<EditIcon fontSize="small" />} onClick={() => props.onEdit(tipo)} />
      <RowAction
        label={`${toggleLabel} ${tipo.nome}`}
        title={toggleLabel}
        disabled={toggle.isPending}
        icon={tipo.ativo ? <ToggleOnIcon fontSize="small" color="success" /> : <ToggleOffIcon fontSize="small" />}
        onClick={() => toggle.mutate(tipo.id)}
      />
      {canDelete && (
        <RowAction label={`${translate('panel.actions.delete')} ${tipo.nome}`} title={translate('panel.actions.delete')} color="error" icon={<DeleteIcon fontSize="small" />} onClick={() => props.onDelete(tipo)} />
      )}
    </Box>
  );
}


/** Tipos de Cliente (§2.13): the list, its tabs and search in the URL, and the three modals. */
export default function TipoClienteList() {
  const translate = useTranslate();
  const dialog = useDialogRoute(R);
  // Only the board writes client types (the server answers 403 to anyone else): no control offers it.
  const canWrite = useCan('tiposCliente.write');
  const { saved, deleting, setDeleting, confirmDelete, removing } = useListModals<Tipo>(R, dialog, (error) => `Erro ao excluir tipo de cliente: ${errorMessage(error, UNEXPECTED_FAILURE)}`);
  const title = (kind: 'create' | 'edit' | 'show') => translate(`resources.${R}.dialogs.${kind}`);

  return (
    <Box sx={{ mb: 4 }}>
      <ResourceHeader resource={R} onAdd={canWrite ? () => dialog.open('create') : undefined} />
      <List
        resource={R}
        title={translate(`resources.${R}.heading`)}
        sort={{ field: 'nome', order: 'ASC' }}
        filters={[searchFilter(translate(`resources.${R}.search`)), tabsFilter('status', translate('panel.tabs.byStatus'), STATUS_TABS)]}
        actions={
          <TopToolbar>
            <ExportButton exporter={exportTiposCliente} maxResults={200} />
          </TopToolbar>
        }
        empty={false}
        error={<ListLoadError prefix="Erro ao carregar tipos de cliente: " />}
        exporter={exportTiposCliente}
      >
        <DataTable
          aria-label="Tipos de cliente"
          bulkActionButtons={false}
          rowClick={(id) => {
            dialog.open('show', id);
            return false;
          }}
          empty={<ListEmpty none={`resources.${R}.empty.none`} noMatch={`resources.${R}.empty.noMatch`} />}
        >
          <DataTable.Col source="nome" />
          <DataTable.Col source="servicos" disableSort render={(r: Tipo) => <ServiceBadges servicos={r.servicos} />} />
          <DataTable.Col source="ativo" render={(r: Tipo) => <StatusChip ativo={r.ativo} />} />
          <DataTable.Col source="createdAt">
            <DateField source="createdAt" locales="pt-BR" />
          </DataTable.Col>
          <DataTable.Col label="panel.columns.actions" align="right" disableSort>
            <RowActions onEdit={(tipo) => dialog.open('edit', tipo.id)} onDelete={setDeleting} />
          </DataTable.Col>
        </DataTable>
      </List>

      <ModalDialog open={canWrite && dialog.kind === 'create'} title={title('create')} onClose={dialog.close}>
        <CreateBase resource={R} redirect={false}>
          <DialogForm<TipoClienteValues & { id: string }>
            defaultValues={{ nome: '', ativo: true, servicos: [] }}
            check={checkTipoCliente}
            transform={tipoClientePayload}
            errorPrefix="Erro ao salvar tipo de cliente: "
            onCancel={dialog.close}
            onSaved={saved('created')}
          >
            <TipoClienteInputs />
          </DialogForm>
        </CreateBase>
      </ModalDialog>
      <ModalDialog open={canWrite && dialog.kind === 'edit'} title={title('edit')} onClose={dialog.close}>
        {dialog.kind === 'edit' && dialog.id && (
          <EditBase resource={R} id={dialog.id} redirect={false} mutationMode="pessimistic">
            <DialogForm<TipoClienteValues & { id: string }>
              check={checkTipoCliente}
              transform={tipoClientePayload}
              errorPrefix="Erro ao salvar tipo de cliente: "
              onCancel={dialog.close}
              onSaved={saved('updated')}
            >
              <TipoClienteInputs />
            </DialogForm>
          </EditBase>
        )}
      </ModalDialog>
      <ModalDialog open={dialog.kind === 'show'} title={title('show')} onClose={dialog.close}>
        {dialog.kind === 'show' && dialog.id && (
          <ShowBase resource={R} id={dialog.id}>
            <TipoClienteDetails onEdit={() => dialog.open('edit', dialog.id!, { back: 'show' })} onDelete={setDeleting} onClose={dialog.close} />
          </ShowBase>
        )}
      </ModalDialog>

      <Confirm
        isOpen={!!deleting}
        loading={removing}
        title={`resources.${R}.dialogs.delete`}
        content={`Tem certeza que deseja excluir o tipo de cliente ${deleting?.nome ?? ''}? Esta ação não pode ser desfeita.`}
        confirm="panel.actions.delete"
        confirmColor="warning"
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
