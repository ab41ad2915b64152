import { useState } from 'react';
import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, List, SelectInput, useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';
import {
  diasRestantes,
  formatDateTimeBR,
  prazoRespostaTexto,
  SOLICITACAO_STATUS_LABELS,
  SOLICITACAO_TIPO_LABELS,
  SOLICITACOES_TITULARES_CSV,
  type SolicitacaoTitularResponse,
} from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { InfoList, InfoSection } from '../layout/InfoList';
import { EmptyText, FilterTabsInput, ListLoadError, PageHeader } from '../layout/ListScreen';
import { Restricted } from '../layout/Restricted';
import { CheckboxFilterInput } from '../registros/RegistrosDataTable';
import { exportActions, PANEL_LIST, SCREEN_SX } from '../layout/screen';
import { useTitularesApi } from '../providers/titularesMethods';

type Row = SolicitacaoTitularResponse & { id: string };
const R = 'solicitacoes-titulares';
const k = (key: string) => `resources.${R}.${key}`;

const TIPO_CHOICES = Object.entries(SOLICITACAO_TIPO_LABELS).map(([id, name]) => ({ id, name }));
const STATUS_TABS = [
  { value: '', label: 'Todas' },
  ...(['pendente', 'aprovada', 'recusada', 'processando', 'pronta', 'falhou'] as const).map((s) => ({ value: s, label: SOLICITACAO_STATUS_LABELS[s] })),
];

const filters = [
  <SelectInput key="tipo" source="tipo" label={k('fields.tipo')} choices={TIPO_CHOICES} emptyText="Todos" helperText={false} sx={{ minWidth: 220 }} alwaysOn />,
  <CheckboxFilterInput key="atrasadas" source="atrasadas" label="Somente atrasadas" alwaysOn />,
  <FilterTabsInput key="status" source="status" label="Situação das solicitações" options={STATUS_TABS} all="" alwaysOn />,
];

/** The art. 19 II clock of a request staff must answer: days left, or overdue, while pendente. */
function Prazo({ s }: { s: SolicitacaoTitularResponse }) {
  if (!s.prazo) return <>—</>;
  if (s.status !== 'pendente') return <>{formatDateTimeBR(s.prazo)}</>;
  const dias = diasRestantes(s.prazo);
  const color = dias < 0 ? 'error' : dias <= 3 ? 'warning' : 'default';
  return <Chip size="small" color={color} variant={dias < 0 ? 'filled' : 'outlined'} label={prazoRespostaTexto(dias)} />;
}

function StatusChip({ s }: { s: SolicitacaoTitularResponse }) {
  const color = s.status === 'pendente' ? 'warning' : s.status === 'aprovada' || s.status === 'pronta' ? 'success' : s.status === 'recusada' || s.status === 'falhou' ? 'error' : 'default';
  return <Chip size="small" color={color} variant="outlined" label={s.statusLabel} />;
}

function Empty() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const filtered = Object.values(filterValues).some((v) => v !== '' && v !== undefined);
  return <EmptyText>{translate(k(filtered ? 'empty.noMatch' : 'empty.none'))}</EmptyText>;
}

function dadosText(s: SolicitacaoTitularResponse): string | null {
  if (!s.dados) return null;
  return [s.dados.razaoSocial && `Razão Social: ${s.dados.razaoSocial}`, s.dados.cnpj && `CNPJ: ${s.dados.cnpj}`].filter(Boolean).join(' · ');
}

/** One request: what the client asked and, while pendente, the answer (approve, or refuse with a reason). */
function Detalhe({ s, onClose, onAnswered }: { s: SolicitacaoTitularResponse; onClose: () => void; onAnswered: () => void }) {
  const translate = useTranslate();
  const api = useTitularesApi();
  const notify = useNotify();
  const [mode, setMode] = useState<'aprovar' | 'recusar' | null>(null);
  const [resposta, setResposta] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const answerable = s.status === 'pendente' && s.tipo !== 'exportacao';

  const submit = async () => {
    if (mode === 'recusar' && !resposta.trim()) {
      setError(translate(k('notifications.motivoObrigatorio')));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (mode === 'aprovar') await api.approveSolicitacao(s._id, resposta.trim() || null);
      else await api.refuseSolicitacao(s._id, resposta.trim());
      notify(translate(k(mode === 'aprovar' ? 'notifications.aprovada' : 'notifications.recusada')), { type: 'success' });
      onAnswered();
    } catch (err) {
      setError(errorMessage(err, translate(k('notifications.erro'))));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <DialogTitle id="solicitacao-title">{mode ? translate(k(`dialogs.${mode}`)) : `${s.tipoLabel} — ${s.clienteNome ?? '—'}`}</DialogTitle>
      <DialogContent dividers>
        <InfoSection title="Pedido">
          <InfoList
            items={[
              [translate(k('fields.tipo')), s.tipoLabel],
              [translate(k('fields.clienteNome')), s.clienteNome ?? '—'],
              [translate(k('fields.createdAt')), formatDateTimeBR(s.createdAt)],
              [translate(k('fields.prazo')), <Prazo key="p" s={s} />],
              [translate(k('fields.status')), <StatusChip key="s" s={s} />],
              [translate(k('fields.motivo')), s.motivo ?? '—'],
              ...(s.dados ? [[translate(k('fields.dados')), dadosText(s)] as [string, string | null]] : []),
            ]}
          />
        </InfoSection>
        {s.respondidaEm && (
          <InfoSection title="Resposta">
            <InfoList
              items={[
                [translate(k('fields.respondidaEm')), formatDateTimeBR(s.respondidaEm)],
                [translate(k('fields.respondidaPorNome')), s.respondidaPorNome],
                [translate(k('fields.resposta')), s.resposta ?? '—'],
              ]}
            />
          </InfoSection>
        )}
        {mode && (
          <Box sx={{ display: 'grid', gap: 2, mt: 1 }}>
            {mode === 'aprovar' && <Alert severity="warning">{translate(k(`aviso.${s.tipo === 'eliminacao' ? 'eliminacao' : 'correcao'}`))}</Alert>}
            <TextField
              label={translate(k(mode === 'aprovar' ? 'respostaAprovar' : 'respostaRecusar'))}
              value={resposta}
              onChange={(e) => {
                setResposta(e.target.value);
                setError(null);
              }}
              required={mode === 'recusar'}
              multiline
              minRows={3}
              disabled={busy}
              error={!!error}
              fullWidth
              autoFocus
            />
          </Box>
        )}
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {answerable && !mode && (
          <>
            <Button variant="contained" onClick={() => setMode('aprovar')}>
              {translate(k('actions.aprovar'))}
            </Button>
            <Button variant="outlined" color="error" onClick={() => setMode('recusar')}>
              {translate(k('actions.recusar'))}
            </Button>
          </>
        )}
        {mode && (
          <Button variant="contained" color={mode === 'recusar' ? 'error' : 'primary'} onClick={() => void submit()} disabled={busy}>
            {translate(k(mode === 'aprovar' ? 'actions.confirmarAprovacao' : 'actions.confirmarRecusa'))}
          </Button>
        )}
        <Button onClick={mode ? () => setMode(null) : onClose} disabled={busy}>
          {mode ? 'Cancelar' : translate(k('actions.fechar'))}
        </Button>
      </DialogActions>
    </>
  );
}

/**
 * Solicitações de titulares: the clients' LGPD requests, oldest first, with the 15-day clock of
 * art. 19 II; a row opens the request, where the board approves or refuses it (a refusal with its
 * reason). Filters (tipo, situação, atrasadas), sort and page live in the URL.
 */
function Solicitacoes() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useState<SolicitacaoTitularResponse | null>(null);
  return (
    <Box sx={SCREEN_SX}>
      <PageHeader title={translate(k('heading'))} />
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {translate(k('help'))}
      </Typography>
      <List
        resource={R}
        title={translate(k('heading'))}
        filters={filters}
        filterDefaultValues={{ status: 'pendente' }}
        sort={{ field: 'createdAt', order: 'ASC' }}
        {...PANEL_LIST}
        actions={exportActions(R, 'solicitacoes-titulares', SOLICITACOES_TITULARES_CSV)}
        error={<ListLoadError prefix="Erro ao carregar as solicitações: " />}
      >
        <DataTable<Row>
          aria-label={translate(k('heading'))}
          rowClick={(_id, _resource, record) => {
            setOpen(record as Row);
            return false;
          }}
          bulkActionButtons={false}
          empty={<Empty />}
          sx={{ '& .RaDataTable-table': { minWidth: 0 } }}
        >
          <DataTable.Col source="tipo" render={(s: Row) => s.tipoLabel} />
          <DataTable.Col source="clienteNome" disableSort render={(s: Row) => s.clienteNome ?? '—'} />
          <DataTable.Col source="createdAt" render={(s: Row) => formatDateTimeBR(s.createdAt)} />
          <DataTable.Col source="prazo" render={(s: Row) => <Prazo s={s} />} />
          <DataTable.Col source="status" render={(s: Row) => <StatusChip s={s} />} />
        </DataTable>
      </List>
      <Dialog open={!!open} onClose={() => setOpen(null)} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="solicitacao-title">
        {open && (
          <Detalhe
            key={open._id}
            s={open}
            onClose={() => setOpen(null)}
            onAnswered={() => {
              setOpen(null);
              refresh();
            }}
          />
        )}
      </Dialog>
    </Box>
  );
}

/** /painel/solicitacoes-titulares: the board's. */
export default function SolicitacoesTitularesList() {
  return (
    <Restricted action="titulares">
      <Solicitacoes />
    </Restricted>
  );
}
