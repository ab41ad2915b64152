import { Alert, Box, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Confirm, CreateBase, DataTable, DateField, EditBase, List, ReferenceInput, SelectInput, ShowBase, TopToolbar, useTranslate } from 'react-admin';
import { CLIENTES_CSV } from '@veritas/common';
import { errorMessage, UNEXPECTED_FAILURE } from '@veritas/web';
import { csvExporter } from '../providers/exporter';
import { CsvExportButton } from '../layout/CsvExportButton';
import { DialogForm } from '../layout/DialogForm';
import { ListLoadError, ResourceHeader, searchFilter, tabsFilter, useDialogRoute, useListModals } from '../layout/ListScreen';
import { useCan } from '../layout/Restricted';
import { useClosing } from '../layout/useClosing';
import { useUserType } from '../layout/useUserType';
import { TitularesLink } from '../solicitacoes-titulares/TitularesLink';
import { BulkActions } from './ClienteBulkActions';
import { ClientesEmpty, NameCell, RowActions } from './ClienteCells';
import { ClienteDetails } from './ClienteDetails';
import { ClienteDialog } from './ClienteDialog';
import { ClienteInputs } from './ClienteInputs';
import { clientePayload, clienteValidator, NEW_CLIENTE_DEFAULTS, type ClienteFormValues } from './clienteForm';
import { STATUS_TABS, type ClienteRecord } from './clienteList';

const R = 'clientes';
/**
 * The details and the edit form read GET /api/clientes/:id (with the client's type and its
 * services), not the list's row that react-admin keeps under the same key: a meta of their own.
 */
const DETAIL = { meta: { detail: true } };

/** The CSV of the filtered list (the shared columns: the same file whether the browser or the server writes it). */
export const exportClientes = csvExporter<ClienteRecord>('clientes', () => CLIENTES_CSV);

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
  const { saved, deleting, setDeleting, confirmDelete, removing } = useListModals<ClienteRecord>(R, dialog, (error) => `Erro ao excluir cliente: ${errorMessage(error, UNEXPECTED_FAILURE)}`);
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
