import { useEffect, useRef, useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button, Typography } from '@mui/material';
import {
  AutocompleteInput,
  Confirm,
  DataTable,
  FormDataConsumer,
  List,
  ReferenceInput,
  SelectInput,
  useDelete,
  useInput,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { DOCUMENTOS_CSV, type DocumentoResponse, type RegistroResponse } from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { csvExporter } from '../providers/exporter';
import { i18nProvider } from '../providers/i18nProvider';
import { FilterTabsInput, ListEmpty, ListLoadError, PageHeader, searchFilter } from '../layout/ListScreen';
import { useCan } from '../layout/Restricted';
import { RowAction } from '../layout/RowAction';
import { exportActions, hideOnPhone, PANEL_LIST, SCREEN_SX } from '../layout/screen';
import { DeliveryText, SenderText } from './DocumentoNotes';
import { DownloadButton } from './DownloadButton';
import { formatBytes } from './transfer';
import { UploadDialog } from './UploadDialog';

type DocRow = DocumentoResponse & { id: string };
const R = 'documentos';
const t = (key: string) => i18nProvider.translate(key);

/** '' (no filter, gone from the URL) is Todos. */
const ORIGEM_TABS = [
  { value: '', label: 'Todos' },
  { value: 'equipe', label: 'Enviados pelo escritório' },
  { value: 'cliente', label: 'Enviados pelos clientes' },
];

/** The CSV of the filtered list, with pt-BR headers and dates. */
export const exportDocumentos = csvExporter<DocRow>('documentos', () => DOCUMENTOS_CSV);

/** The registro choice of one client; another client (or none) clears it. */
function RegistroChoice({ source, clienteId }: { source: string; clienteId?: string }) {
  const { field } = useInput({ source });
  const previous = useRef(clienteId);
  useEffect(() => {
    if (previous.current === clienteId) return;
    previous.current = clienteId;
    if (field.value) field.onChange('');
  }, [clienteId, field]);
  if (!clienteId) return null;
  return (
    <ReferenceInput source={source} reference="registros" filter={{ clienteId }} sort={{ field: 'createdAt', order: 'DESC' }} perPage={100}>
      <SelectInput
        label={`resources.${R}.fields.registroId`}
        optionText={(r: RegistroResponse) => `${r.numero} · ${r.tipo}`}
        emptyText="Todos os registros"
        helperText={false}
        sx={{ width: { xs: '100%', sm: 260 } }}
      />
    </ReferenceInput>
  );
}

/** Once a client is chosen, its registros narrow the list further. */
function RegistroDoClienteInput(props: { source: string; alwaysOn?: boolean }) {
  return <FormDataConsumer>{({ formData }) => <RegistroChoice source={props.source} clienteId={formData.clienteId || undefined} />}</FormDataConsumer>;
}

const filters = [
  searchFilter('Buscar por título, arquivo ou cliente'),
  <ReferenceInput key="clienteId" source="clienteId" reference="clientes" sort={{ field: 'razaoSocial', order: 'ASC' }} perPage={20} alwaysOn>
    <AutocompleteInput
      label={`resources.${R}.fields.clienteId`}
      optionText="razaoSocial"
      filterToQuery={(q: string) => (q ? { q } : {})}
      noOptionsText="Nenhum cliente encontrado"
      helperText={false}
      sx={{ width: { xs: '100%', sm: 300 } }}
    />
  </ReferenceInput>,
  <RegistroDoClienteInput key="registroId" source="registroId" alwaysOn />,
  <FilterTabsInput key="enviadoPor" source="enviadoPor" label="Origem dos documentos" options={ORIGEM_TABS} all="" alwaysOn />,
];

function DocumentoTitle({ d }: { d: DocRow }) {
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {d.titulo}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {d.tipo} · {formatBytes(d.tamanho)} · {d.nomeArquivo}
      </Typography>
    </>
  );
}

/** Documentos: every client's documents, by client and registro, with upload and the client's first download. */
export default function DocumentosList() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const mayUpload = useCan('documentos.upload');
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<DocRow | null>(null);
  const [remove, { isPending: removing }] = useDelete<DocRow>();

  const confirmDelete = () => {
    if (!deleting) return;
    remove(
      R,
      { id: deleting.id, previousData: deleting },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('Documento excluído.', { type: 'success' });
          setDeleting(null);
        },
        onError: (err) => {
          notify(`Erro ao excluir documento: ${errorMessage(err, 'tente novamente.')}`, { type: 'error' });
          setDeleting(null);
        },
      },
    );
  };

  return (
    <Box sx={SCREEN_SX}>
      <PageHeader
        title="Documentos"
        action={
          mayUpload && (
            <Button variant="contained" startIcon={<UploadIcon />} onClick={() => setUploading(true)}>
              Enviar documento
            </Button>
          )
        }
      />
      <List
        resource={R}
        title="Documentos"
        filters={filters}
        sort={{ field: 'createdAt', order: 'DESC' }}
        {...PANEL_LIST}
        actions={exportActions('documentos', 'documentos', DOCUMENTOS_CSV)}
        exporter={exportDocumentos}
        error={<ListLoadError fallback="Erro ao carregar documentos." />}
      >
        <DataTable<DocRow>
          aria-label="Documentos"
          rowClick={false}
          bulkActionButtons={false}
          empty={<ListEmpty none="Não há documentos cadastrados." noMatch="Nenhum documento encontrado para esta busca." />}
          sx={{ ...hideOnPhone(['registroNumero', 'data']), '& .RaDataTable-table': { minWidth: 0 } }}
        >
          <DataTable.Col source="titulo" render={(d: DocRow) => <DocumentoTitle d={d} />} />
          <DataTable.Col source="clienteNome" disableSort render={(d: DocRow) => d.clienteNome ?? '—'} />
          <DataTable.Col source="registroNumero" disableSort render={(d: DocRow) => <Box sx={{ whiteSpace: 'nowrap' }}>{d.registroNumero ?? '—'}</Box>} />
          <DataTable.Col source="data" render={(d: DocRow) => <SenderText doc={d} />} />
          <DataTable.Col source="entrega" disableSort render={(d: DocRow) => <DeliveryText doc={d} />} />
          <DataTable.Col
            label="panel.columns.actions"
            align="right"
            disableSort
            render={(d: DocRow) => (
              <Box sx={{ whiteSpace: 'nowrap' }}>
                <DownloadButton doc={d} onDownloaded={refresh} />
                {mayUpload && (
                  <RowAction
                    label={`${translate('panel.actions.delete')} ${d.titulo}`}
                    title={translate('panel.actions.delete')}
                    color="error"
                    icon={<DeleteIcon fontSize="small" />}
                    onClick={() => setDeleting(d)}
                  />
                )}
              </Box>
            )}
          />
        </DataTable>
      </List>
      <UploadDialog
        open={uploading}
        onClose={() => setUploading(false)}
        onUploaded={(doc) => {
          setUploading(false);
          notify(`Documento "${doc.titulo}" enviado para ${doc.clienteNome ?? 'o cliente'}.`, { type: 'success' });
          refresh();
        }}
      />
      <Confirm
        isOpen={!!deleting}
        loading={removing}
        title="Excluir documento"
        content={`Tem certeza que deseja excluir o documento "${deleting?.titulo ?? ''}"? O arquivo será removido e o cliente deixará de vê-lo.`}
        confirm="panel.actions.delete"
        confirmColor="warning"
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
