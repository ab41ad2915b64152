import { useEffect, useState } from 'react';
import { Alert, Box, Dialog, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, List, useNotify, useRefresh } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { type ContatoMensagemResponse, formatDateTimeBR, MENSAGENS_CSV } from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { csvExporter } from '../providers/exporter';
import { useMensagensApi } from '../providers/mensagensMethods';
import { FilterTabsInput, ListLoadError, PageHeader, searchFilter } from '../layout/ListScreen';
import { Restricted } from '../layout/Restricted';
import { exportActions, hideOnPhone, PANEL_LIST, SCREEN_SX } from '../layout/screen';
import { BulkTratadaButton, MensagensEmpty, StatusChips, weight } from './MensagemCells';
import { MessageDetails } from './MensagemDetails';

type Row = ContatoMensagemResponse & { id: string };
const R = 'contato';

const TABS = [
  { value: 'todas', label: 'Todas' },
  { value: 'nao-lidas', label: 'Não lidas' },
  { value: 'pendentes', label: 'Pendentes' },
  { value: 'tratadas', label: 'Tratadas' },
];

const filters = [
  searchFilter('Buscar por nome, e-mail, empresa ou texto...'),
  <FilterTabsInput key="status" source="status" label="Filtrar mensagens" options={TABS} all="todas" alwaysOn />,
];

/** The CSV of the filtered list, with pt-BR headers and dates. */
export const exportMensagens = csvExporter<Row>('mensagens', () => MENSAGENS_CSV);

/**
 * Mensagens: what visitors sent through the site's contact form. Unread first; opening one marks
 * it read; staff mark it handled (one or many) or answer it by e-mail (the answer leaves from
 * their own address and stays in their Enviados). `?id=` opens one directly (the link in the
 * inbox notification); tabs, search, sort and page live in the URL like every list's.
 */
function Mensagens() {
  const api = useMensagensApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState<ContatoMensagemResponse | null>(null);
  const [openError, setOpenError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const openMessage = async (id: string) => {
    setOpenError(null);
    try {
      setOpen(await api.getMensagem(id));
      refresh();
    } catch (err) {
      setOpenError(errorMessage(err, 'Erro ao abrir a mensagem.'));
    }
  };

  const linked = params.get('id');
  useEffect(() => {
    // Only when the address names a message (the link in the inbox notification).
    if (linked) void openMessage(linked);
  }, [linked]);

  const close = () => {
    setOpen(null);
    if (linked) {
      // Only the message leaves the address: the list's filters stay.
      const next = new URLSearchParams(params);
      next.delete('id');
      setParams(next, { replace: true });
    }
  };

  const change = async (body: { lida?: boolean; tratada?: boolean }, done: string) => {
    if (!open) return;
    setBusy(true);
    try {
      const res = await api.updateMensagem(open._id, body);
      notify(done, { type: 'success' });
      refresh();
      if (body.lida === false) close();
      else setOpen(res);
    } catch (err) {
      notify(errorMessage(err, 'Erro ao atualizar a mensagem.'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={SCREEN_SX}>
      <PageHeader title="Mensagens" />
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Mensagens enviadas pelo formulário de contato do site. As não lidas aparecem primeiro.
      </Typography>
      {openError && (
        <Alert severity="error" onClose={() => setOpenError(null)}>
          {openError}
        </Alert>
      )}
      <List
        resource={R}
        title="Mensagens"
        filters={filters}
        sort={{ field: 'lida', order: 'ASC' }}
        {...PANEL_LIST}
        actions={exportActions('contato', 'mensagens', MENSAGENS_CSV)}
        exporter={exportMensagens}
        error={<ListLoadError prefix="Erro ao carregar mensagens: " />}
      >
        <DataTable<Row>
          aria-label="Mensagens do formulário de contato"
          rowClick={(id) => {
            void openMessage(String(id));
            return false;
          }}
          bulkActionButtons={<BulkTratadaButton />}
          empty={<MensagensEmpty />}
          sx={{ ...hideOnPhone(['createdAt']), '& .RaDataTable-table': { minWidth: 0 } }}
        >
          <DataTable.Col
            source="nome"
            label={`resources.${R}.fields.remetente`}
            render={(m: Row) => (
              <>
                <Typography variant="body2" sx={{ fontWeight: weight(m) }}>
                  {m.nome}
                </Typography>
                {m.empresa && (
                  <Typography variant="caption" color="text.secondary">
                    {m.empresa}
                  </Typography>
                )}
              </>
            )}
          />
          <DataTable.Col
            source="assunto"
            render={(m: Row) => (
              <Typography variant="body2" sx={{ fontWeight: weight(m) }}>
                {m.assunto}
              </Typography>
            )}
          />
          <DataTable.Col source="createdAt" render={(m: Row) => formatDateTimeBR(m.createdAt)} />
          <DataTable.Col source="tratada" render={(m: Row) => <StatusChips m={m} />} />
        </DataTable>
      </List>

      <Dialog open={!!open} onClose={busy ? undefined : close} fullScreen={fullScreen} fullWidth maxWidth="md" aria-labelledby="mensagem-title">
        {open && (
          <MessageDetails
            m={open}
            busy={busy}
            onChange={change}
            onReplied={(m) => {
              setOpen(m);
              refresh();
            }}
            onClose={close}
          />
        )}
      </Dialog>
    </Box>
  );
}

/** /painel/mensagens: the contact messages (resource `contato`), for whoever may read them. */
export default function MensagensList() {
  return (
    <Restricted action="contato">
      <Mensagens />
    </Restricted>
  );
}
