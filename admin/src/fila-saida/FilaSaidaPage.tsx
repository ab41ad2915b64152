import { useState } from 'react';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { Confirm, DataTable, List, SearchInput, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { FILA_SAIDA_ESTADO_LABELS, FILA_SAIDA_ESTADOS, formatDateTimeBR, type FilaSaidaItem } from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { useQueryClient } from '@tanstack/react-query';
import type { FilaSaidaMethods } from '../providers/filaSaidaMethods';
import { ConfiguracoesTabs } from '../processos/ConfiguracoesTabs';
import { EmptyText, FilterTabsInput, ListLoadError, PageHeader } from '../layout/ListScreen';
import { Restricted } from '../layout/Restricted';
import { PANEL_LIST, SCREEN_SX } from '../layout/screen';
import { BANNER_QUERY_KEY } from '../layout/MailBanner';

const R = 'fila-saida';
const k = (key: string) => `resources.filaSaida.${key}`;
type Row = FilaSaidaItem & { id: string };

const ESTADO_TABS = [{ value: '', label: 'Todas' }, ...FILA_SAIDA_ESTADOS.map((e) => ({ value: e, label: FILA_SAIDA_ESTADO_LABELS[e] }))];
const COLOR = { aguardando: 'warning', enviado: 'success', falhou: 'error', cancelado: 'default' } as const;

const filters = [
  <SearchInput key="q" source="q" placeholder="Buscar por destinatário ou assunto" alwaysOn />,
  <FilterTabsInput key="estado" source="estado" label="Situação das mensagens" options={ESTADO_TABS} all="" alwaysOn />,
];

function useFilaSaidaApi() {
  return useDataProvider<ReturnType<typeof useDataProvider> & FilaSaidaMethods>();
}

function Estado({ m }: { m: Row }) {
  const translate = useTranslate();
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Chip size="small" variant="outlined" color={COLOR[m.estado]} label={m.estadoLabel} />
      {m.proximaTentativa && (
        <Typography variant="caption" color="text.secondary">
          {translate(k('proxima'), { quando: formatDateTimeBR(m.proximaTentativa) })}
        </Typography>
      )}
    </Stack>
  );
}

/** Reenviar (a failed or waiting message) and Cancelar envio (one that has not gone out). */
function Acoes() {
  const m = useRecordContext<Row>();
  const api = useFilaSaidaApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  if (!m || m.estado === 'enviado' || m.estado === 'cancelado') return null;
  const act = async (what: 'reenviar' | 'cancelar') => {
    setBusy(true);
    try {
      if (what === 'reenviar') await api.reenviarMensagem(m._id);
      else await api.cancelarMensagem(m._id);
      notify(translate(k(what === 'reenviar' ? 'notifications.reenviada' : 'notifications.cancelada')), { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: BANNER_QUERY_KEY });
      refresh();
    } catch (err) {
      notify(errorMessage(err, translate(k('notifications.erro'))), { type: 'error' });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <Stack direction="row" spacing={1}>
      <Button size="small" disabled={busy} onClick={() => void act('reenviar')} aria-label={`${translate(k('actions.reenviar'))}: ${m.assunto}`}>
        {translate(k('actions.reenviar'))}
      </Button>
      <Button size="small" color="error" disabled={busy} onClick={() => setConfirming(true)} aria-label={`${translate(k('actions.cancelar'))}: ${m.assunto}`}>
        {translate(k('actions.cancelar'))}
      </Button>
      <Confirm
        isOpen={confirming}
        loading={busy}
        title={k('actions.cancelar')}
        content={translate(k('confirmar'), { assunto: m.assunto })}
        confirm={k('actions.cancelar')}
        confirmColor="warning"
        onConfirm={() => void act('cancelar')}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

function FilaSaida() {
  const translate = useTranslate();
  const refresh = useRefresh();
  return (
    <Box sx={SCREEN_SX}>
      <PageHeader title="Configurações" />
      <ConfiguracoesTabs />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mt: 2 }}>
        <Box component="h2" sx={{ typography: 'h6', m: 0 }}>{translate(k('heading'))}</Box>
        <Button startIcon={<RefreshIcon />} onClick={() => refresh()}>Atualizar</Button>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 1 }}>{translate(k('help'))}</Typography>
      <List
        resource={R}
        title={translate(k('heading'))}
        filters={filters}
        sort={{ field: 'createdAt', order: 'DESC' }}
        {...PANEL_LIST}
        actions={false}
        error={<ListLoadError prefix={translate(k('notifications.erroCarregar'))} />}
        empty={<EmptyText>{translate(k('vazia'))}</EmptyText>}
      >
        <DataTable<Row> aria-label={translate(k('heading'))} bulkActionButtons={false} rowClick={false} empty={<EmptyText>{translate(k('vazia'))}</EmptyText>}>
          <DataTable.Col source="para" disableSort render={(m: Row) => <Box sx={{ overflowWrap: 'anywhere', maxWidth: 260 }}>{m.para}</Box>} />
          <DataTable.Col source="assunto" disableSort render={(m: Row) => <Box sx={{ overflowWrap: 'anywhere', maxWidth: 320 }}>{m.assunto}</Box>} />
          <DataTable.Col source="evento" render={(m: Row) => m.eventoLabel} />
          <DataTable.Col source="estado" render={(m: Row) => <Estado m={m} />} />
          <DataTable.Col source="tentativas" />
          <DataTable.Col source="ultimoErro" disableSort render={(m: Row) => <Box sx={{ overflowWrap: 'anywhere', maxWidth: 320 }}>{m.ultimoErro ?? '—'}</Box>} />
          <DataTable.Col source="createdAt" render={(m: Row) => formatDateTimeBR(m.createdAt)} />
          <DataTable.Col label={`resources.${R}.fields.acoes`} disableSort>
            <Acoes />
          </DataTable.Col>
        </DataTable>
      </List>
    </Box>
  );
}

/** /painel/configuracoes/fila-saida: every system message (issue 53), for the board. */
export default function FilaSaidaPage() {
  return (
    <Restricted action="filaSaida">
      <FilaSaida />
    </Restricted>
  );
}
