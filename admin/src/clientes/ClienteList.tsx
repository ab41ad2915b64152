import { useId, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Dialog, DialogTitle, Typography, useMediaQuery, type Theme } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ToggleOffIcon from '@mui/icons-material/ToggleOff';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Confirm,
  CreateBase,
  DataTable,
  DateField,
  EditBase,
  List,
  ReferenceInput,
  SelectInput,
  ShowBase,
  TopToolbar,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { CLIENTES_CSV, type ClienteStatus } from '@veritas/common';
import { useClientesApi } from '../providers/clientesMethods';
import { csvExporter } from '../providers/exporter';
import { statusAndMessage } from '../providers/errors';
import { i18nProvider } from '../providers/i18nProvider';
import { CsvExportButton } from '../layout/CsvExportButton';
import { DialogForm } from '../layout/DialogForm';
import { EmptyText, ListLoadError, ResourceHeader, searchFilter, tabsFilter, useDialogRoute, useListModals, type DialogRoute } from '../layout/ListScreen';
import { useCan } from '../layout/Restricted';
import { RowAction } from '../layout/RowAction';
import { useClosing } from '../layout/useClosing';
import { useUserType } from '../layout/useUserType';
import { ClienteDetails } from './ClienteDetails';
import { TitularesLink } from '../solicitacoes-titulares/TitularesLink';
import { ClienteInputs } from './ClienteInputs';
import { clientePayload, clienteValidator, NEW_CLIENTE_DEFAULTS, type ClienteFormValues } from './clienteForm';
import { bulkStatusMessage, isFiltered, STATUS_TABS, toChange, type ClienteRecord } from './clienteList';

const R = 'clientes';
const t = (key: string, options?: object) => i18nProvider.translate(key, options);
/**
 * The details and the edit form read GET /api/clientes/:id (with the client's type and its
 * services), not the list's row that react-admin keeps under the same key: a meta of their own.
 */
const DETAIL = { meta: { detail: true } };

/** The CSV of the filtered list (the shared columns: the same file whether the browser or the server writes it). */
export const exportClientes = csvExporter<ClienteRecord>('clientes', () => CLIENTES_CSV);

/** Razão social (with "(inativo)") over the nome fantasia. */
function NameCell() {
  const c = useRecordContext<ClienteRecord>();
  if (!c) return null;
  return (
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
  );
}

function RowActions(props: { dialog: DialogRoute; onDelete: (c: ClienteRecord) => void }) {
  const c = useRecordContext<ClienteRecord>();
  const translate = useTranslate();
  const canEdit = useCan('clientes.write');
  const canDelete = useCan('clientes.delete');
  if (!c) return null;
  const action = (key: string) => translate(`panel.actions.${key}`);
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <RowAction label={`Ver detalhes de ${c.razaoSocial}`} title="Ver detalhes" icon={<VisibilityIcon fontSize="small" />} onClick={() => props.dialog.open('show', c.id)} />
      {canEdit && <RowAction label={`${action('edit')} ${c.razaoSocial}`} title={action('edit')} icon={<EditIcon fontSize="small" />} onClick={() => props.dialog.open('edit', c.id)} />}
      {canDelete && (
        <RowAction label={`${action('delete')} ${c.razaoSocial}`} title={action('delete')} color="error" icon={<DeleteIcon fontSize="small" />} onClick={() => props.onDelete(c)} />
      )}
    </Box>
  );
}

/** The empty text: none at all, or none for the search, type or tab chosen. */
function ClientesEmpty() {
  const { filterValues } = useListContext();
  const translate = useTranslate();
  return <EmptyText>{translate(`resources.${R}.empty.${isFiltered(filterValues) ? 'noMatch' : 'none'}`)}</EmptyText>;
}

/**
 * Ativar / Inativar the selected clients (after a confirmation) through the named dataProvider
 * method setClientesStatus; what the server refuses stays as it was and is reported.
 */
function BulkStatusButton({ status }: { status: ClienteStatus }) {
  const { selectedIds, data = [], onUnselectItems } = useListContext<ClienteRecord>();
  const api = useClientesApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [asking, setAsking] = useState(false);
  const key = status === 'ativo' ? 'activate' : 'inactivate';
  const selected = data.filter((c) => selectedIds.includes(c.id));
  const ids = toChange(selected, status);
  const run = useMutation({
    mutationFn: () => api.setClientesStatus(ids, status),
    onSuccess: (result) => {
      const names = new Map(selected.map((c) => [c.id, c.razaoSocial]));
      const message = bulkStatusMessage(result, status, (id) => names.get(id));
      notify(message.text, { type: message.type, multiLine: result.failed.length > 0 });
      if (!result.failed.length) onUnselectItems();
      refresh();
    },
    onSettled: () => setAsking(false),
  });
  const ask = () => {
    if (!ids.length) {
      notify(`resources.${R}.bulk.nothing.${status}`, { type: 'info' });
      return;
    }
    setAsking(true);
  };
  return (
    <>
      <Button size="small" startIcon={status === 'ativo' ? <ToggleOnIcon /> : <ToggleOffIcon />} onClick={ask} disabled={run.isPending}>
        {translate(`panel.actions.${key}`)}
      </Button>
      <Confirm
        isOpen={asking}
        loading={run.isPending}
        title={`resources.${R}.bulk.title.${status}`}
        content={translate(`resources.${R}.bulk.confirm.${status}`, { smart_count: ids.length })}
        confirm={`panel.actions.${key}`}
        confirmColor={status === 'ativo' ? 'primary' : 'warning'}
        onConfirm={() => run.mutate()}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

function BulkActions() {
  return (
    <>
      <BulkStatusButton status="ativo" />
      <BulkStatusButton status="inativo" />
    </>
  );
}

/**
 * One of the screen's modals, full screen on a phone. A click outside does not throw away a form
 * being filled (only the details close so); Esc cancels (back to the details when the form came from them).
 */
function ClienteDialog(props: { open: boolean; title: string; form?: boolean; onClose: () => void; children: ReactNode }) {
  const titleId = useId();
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={props.open}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
      onClose={(_, reason) => {
        if (props.form && reason === 'backdropClick') return;
        props.onClose();
      }}
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      {props.children}
    </Dialog>
  );
}

/** Clientes (§2.12): the list with its tabs, type filter and search in the URL, and the modals. */
export default function ClienteList() {
  const translate = useTranslate();
  const dialog = useDialogRoute(R);
  const canWrite = useCan('clientes.write');
  const canCredentials = useCan('clientes.credentials');
  const canTitulares = useCan('titulares');
  const { isPending: typePending } = useUserType();
  // Who may not edit (financeiro, suporte) gets the details at a form's link, and no form.
  const kind = typePending ? null : !canWrite && dialog.kind === 'edit' ? 'show' : !canWrite && dialog.kind === 'create' ? null : dialog.kind;
  const { saved, deleting, setDeleting, confirmDelete, removing } = useListModals<ClienteRecord>(R, dialog, (error) => `Erro ao excluir cliente: ${statusAndMessage(error)}`);
  const asked = useClosing(deleting);
  // The details open at once on the list's row (react-admin keeps it under getOne without meta)
  // while the full record (with the client's type) loads.
  const queryClient = useQueryClient();
  const listRow = (id: string) => queryClient.getQueryData<ClienteRecord>([R, 'getOne', { id: String(id) }]);
  const phoneLabel = (field: string) => translate(`resources.${R}.fields.${field}`);
  const title = (kind: 'create' | 'edit' | 'show') => translate(`resources.${R}.dialogs.${kind}`);
  const form = (mode: 'create' | 'edit') => (
    <DialogForm<ClienteFormValues & { id: string }>
      defaultValues={mode === 'create' ? NEW_CLIENTE_DEFAULTS : undefined}
      validate={clienteValidator(mode, phoneLabel)}
      transform={(v) => clientePayload(v) as Partial<ClienteFormValues & { id: string }>}
      errorPrefix="Erro ao salvar cliente: "
      onCancel={dialog.close}
      onSaved={saved(mode === 'create' ? 'created' : 'updated')}
    >
      <ClienteInputs mode={mode} credentials={canCredentials} />
    </DialogForm>
  );

  return (
    <Box sx={{ mb: 4 }}>
      {canWrite ? (
        <ResourceHeader resource={R} onAdd={() => dialog.open('create')} />
      ) : (
        <Box component="h1" sx={{ typography: 'h5', mt: 2, mb: 1 }}>
          {translate(`resources.${R}.heading`)}
        </Box>
      )}
      <List
        resource={R}
        title={translate(`resources.${R}.name`, { smart_count: 2 })}
        sort={{ field: 'createdAt', order: 'DESC' }}
        filters={[
          searchFilter(translate(`resources.${R}.search`)),
          <ReferenceInput key="tipo" source="tipoClienteId" reference="tipos-cliente" sort={{ field: 'nome', order: 'ASC' }} perPage={200} alwaysOn>
            <SelectInput optionText="nome" label={`resources.${R}.fields.tipoClienteId`} emptyText="Todos os tipos" size="small" sx={{ minWidth: 200 }} />
          </ReferenceInput>,
          tabsFilter('status', translate('panel.tabs.byStatus'), STATUS_TABS),
        ]}
        actions={
          <TopToolbar>
            {canTitulares && <TitularesLink />}
            <CsvExportButton resource="clientes" filename="clientes" columns={CLIENTES_CSV} />
          </TopToolbar>
        }
        empty={false}
        error={<ListLoadError prefix="Erro ao carregar clientes: " />}
        exporter={exportClientes}
      >
        <DataTable
          aria-label="Clientes"
          bulkActionButtons={canWrite ? <BulkActions /> : false}
          rowClick={(id) => {
            dialog.open('show', id);
            return false;
          }}
          empty={<ClientesEmpty />}
        >
          <DataTable.Col source="razaoSocial">
            <NameCell />
          </DataTable.Col>
          <DataTable.Col source="email" sx={{ display: { xs: 'none', md: 'table-cell' } }} />
          <DataTable.Col source="cnpj" sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }} />
          <DataTable.Col source="createdAt" sx={{ display: { xs: 'none', md: 'table-cell' } }}>
            <DateField source="createdAt" locales="pt-BR" />
          </DataTable.Col>
          <DataTable.Col label="panel.columns.actions" align="right" disableSort>
            <RowActions dialog={dialog} onDelete={setDeleting} />
          </DataTable.Col>
        </DataTable>
      </List>

      <ClienteDialog open={kind === 'create'} form title={title('create')} onClose={dialog.close}>
        {kind === 'create' && (
          <CreateBase resource={R} redirect={false}>
            {form('create')}
          </CreateBase>
        )}
      </ClienteDialog>
      <ClienteDialog open={kind === 'edit'} form title={title('edit')} onClose={dialog.close}>
        {kind === 'edit' && dialog.id && (
          <EditBase resource={R} id={dialog.id} redirect={false} mutationMode="pessimistic" queryOptions={DETAIL} mutationOptions={DETAIL}>
            {form('edit')}
          </EditBase>
        )}
      </ClienteDialog>
      <ClienteDialog open={kind === 'show'} title={title('show')} onClose={dialog.close}>
        {kind === 'show' && dialog.id && (
          <ShowBase resource={R} id={dialog.id} queryOptions={{ ...DETAIL, placeholderData: () => listRow(dialog.id!) }}>
            <ClienteDetails onEdit={() => dialog.open('edit', dialog.id!, { back: 'show' })} onDelete={setDeleting} onClose={dialog.close} />
          </ShowBase>
        )}
      </ClienteDialog>

      <Confirm
        isOpen={!!deleting}
        loading={removing}
        title={`resources.${R}.dialogs.delete`}
        content={
          <>
            <Typography gutterBottom>{translate(`resources.${R}.confirmDelete`)}</Typography>
            <Typography color="text.secondary" gutterBottom>
              {asked?.razaoSocial}
            </Typography>
            {/* The server removes an inactive client's registros and documents with it: say so first. */}
            {asked?.status === 'inativo' && <Alert severity="warning">{translate(`resources.${R}.deleteInactiveWarning`)}</Alert>}
          </>
        }
        confirm="panel.actions.delete"
        confirmColor="warning"
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
