import { useCallback, useEffect, useState } from 'react';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, Button, Chip, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { DataTable, List, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { formatDateTimeBR, periodoTarefa, type TarefaFalha, type TarefaResumo, type TarefasEstado } from '@veritas/common';
import { errorMessage } from '@veritas/web';
import type { TarefasMethods } from '../providers/tarefasMethods';
import { ConfiguracoesTabs } from '../processos/ConfiguracoesTabs';
import { ListLoadError, PageHeader } from '../layout/ListScreen';
import { Restricted } from '../layout/Restricted';
import { PANEL_LIST, SCREEN_SX } from '../layout/screen';

const R = 'tarefas/falhas';
const k = (key: string) => `resources.tarefas.${key}`;
type Falha = TarefaFalha & { id: string };

function useTarefasApi() {
  return useDataProvider<ReturnType<typeof useDataProvider> & TarefasMethods>();
}

function Ultima({ t }: { t: TarefaResumo }) {
  const translate = useTranslate();
  const u = t.ultimaExecucao;
  if (!u) return <Typography variant="body2" color="text.secondary">{translate(k('nunca'))}</Typography>;
  return (
    <Stack spacing={0.5} sx={{ alignItems: "flex-start" }}>
      <Box>
        {formatDateTimeBR(u.em)}{' '}
        <Chip size="small" color={u.ok ? 'success' : 'error'} label={translate(k(u.ok ? 'ok' : 'falhou'))} />
      </Box>
      {u.erro && (
        <Typography variant="caption" color="error" sx={{ overflowWrap: 'anywhere' }}>
          {u.erro}
        </Typography>
      )}
    </Stack>
  );
}

/** The recurring jobs: how often, next and last run; "Executar agora". */
function Agendadas({ estado, onRun }: { estado: TarefasEstado; onRun: (nome: string) => void }) {
  const translate = useTranslate();
  if (!estado.tarefas.length) return <Alert severity="info">{translate(k('nenhuma'))}</Alert>;
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate(k('heading'))}>
        <TableHead>
          <TableRow>
            {(['nome', 'periodo', 'proxima', 'ultima', 'acoes'] as const).map((f) => (
              <TableCell key={f}>{translate(k(`fields.${f}`))}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {estado.tarefas.map((t) => (
            <TableRow key={t.nome}>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>{t.nome}</Typography>
                <Typography variant="caption" color="text.secondary">{t.descricao}</Typography>
              </TableCell>
              <TableCell>{periodoTarefa(t)}</TableCell>
              <TableCell>{t.proximaExecucao ? formatDateTimeBR(t.proximaExecucao) : '—'}</TableCell>
              <TableCell><Ultima t={t} /></TableCell>
              <TableCell>
                <Button size="small" startIcon={<PlayArrowIcon />} onClick={() => onRun(t.nome)} aria-label={`${translate(k('actions.executar'))}: ${t.nome}`}>
                  {translate(k('actions.executar'))}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Repetir / Descartar on a failed run. */
function FalhaActions({ onDone }: { onDone: () => void }) {
  const f = useRecordContext<Falha>();
  const api = useTarefasApi();
  const notify = useNotify();
  const translate = useTranslate();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!f) return null;
  const act = async (what: 'repetir' | 'descartar') => {
    setBusy(true);
    try {
      if (what === 'repetir') await api.repetirFalha(f._id);
      else await api.descartarFalha(f._id);
      notify(translate(k(what === 'repetir' ? 'notifications.repetida' : 'notifications.descartada')), { type: 'success' });
      refresh();
      onDone();
    } catch (err) {
      notify(errorMessage(err, translate(k('notifications.erro'))), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" spacing={1}>
      <Button size="small" disabled={busy} onClick={() => void act('repetir')}>{translate(k('actions.repetir'))}</Button>
      <Button size="small" color="error" disabled={busy} onClick={() => void act('descartar')}>{translate(k('actions.descartar'))}</Button>
    </Stack>
  );
}

function Tarefas() {
  const api = useTarefasApi();
  const notify = useNotify();
  const translate = useTranslate();
  const refresh = useRefresh();
  const [estado, setEstado] = useState<TarefasEstado | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setEstado(await api.tarefasEstado());
      setError(null);
    } catch (err) {
      setError(errorMessage(err, translate(k('notifications.erro'))));
    }
  }, [api, translate]);
  useEffect(() => void load(), [load]);

  const run = async (nome: string) => {
    try {
      await api.executarTarefa(nome);
      notify(translate(k('notifications.executando'), { nome }), { type: 'success' });
      // A run takes a moment: the last run and the failures are looked at again shortly after.
      setTimeout(() => {
        void load();
        refresh();
      }, 1500);
    } catch (err) {
      notify(errorMessage(err, translate(k('notifications.erro'))), { type: 'error' });
    }
  };

  return (
    <Box sx={SCREEN_SX}>
      <PageHeader title="Configurações" />
      <ConfiguracoesTabs />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mt: 2 }}>
        <Box component="h2" sx={{ typography: 'h6', m: 0 }}>{translate(k('heading'))}</Box>
        <Button startIcon={<RefreshIcon />} onClick={() => { void load(); refresh(); }}>{translate(k('actions.atualizar'))}</Button>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 1 }}>{translate(k('help'))}</Typography>
      {error && <Alert severity="error">{translate(k('notifications.erroCarregar'))}{error}</Alert>}
      {estado && (
        <>
          <Alert severity="info" sx={{ mb: 1 }}>{translate(k(`modo.${estado.modo}`))}</Alert>
          <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }} aria-label="Contagens da fila">
            {(['aguardando', 'emExecucao', 'atrasadas', 'falhas'] as const).map((c) => (
              <Chip key={c} label={`${translate(k(`contagens.${c}`))}: ${estado.contagens[c]}`} color={c === 'falhas' && estado.contagens[c] ? 'error' : 'default'} />
            ))}
          </Stack>
          <Agendadas estado={estado} onRun={(nome) => void run(nome)} />
        </>
      )}
      <Box component="h2" sx={{ typography: 'h6', mt: 3, mb: 0 }}>{translate(k('falhas'))}</Box>
      <List
        resource={R}
        title="Tarefas"
        sort={{ field: 'falhouEm', order: 'DESC' }}
        {...PANEL_LIST}
        actions={false}
        disableSyncWithLocation
        error={<ListLoadError prefix={translate(k('notifications.erroCarregar'))} />}
        empty={<Typography sx={{ p: 2 }}>{translate(k('semFalhas'))}</Typography>}
      >
        <DataTable<Falha> aria-label={translate(k('falhas'))} bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="nome" disableSort />
          <DataTable.Col source="erro" disableSort render={(f: Falha) => <Box sx={{ overflowWrap: 'anywhere', maxWidth: 480 }}>{f.erro}</Box>} />
          <DataTable.Col source="tentativas" disableSort />
          <DataTable.Col source="falhouEm" render={(f: Falha) => formatDateTimeBR(f.falhouEm)} />
          <DataTable.Col label={k('fields.acoes')} disableSort>
            <FalhaActions onDone={() => void load()} />
          </DataTable.Col>
        </DataTable>
      </List>
    </Box>
  );
}

/** /painel/configuracoes/tarefas: the background jobs (issue 15), for the master. */
export default function TarefasPage() {
  return (
    <Restricted action="tarefas">
      <Tarefas />
    </Restricted>
  );
}
