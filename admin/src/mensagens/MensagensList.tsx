import { type FormEvent, useEffect, useState } from 'react';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import {
  Button as RaButton,
  DataTable,
  List,
  useListContext,
  useNotify,
  useRefresh,
} from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { type ContatoMensagemResponse, formatDateTimeBR, MAIL_MESSAGES, sendFailedText, MENSAGENS_CSV } from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { bulkNotice, plural } from '../providers/bulk';
import { csvExporter } from '../providers/exporter';
import { i18nProvider } from '../providers/i18nProvider';
import { useMensagensApi } from '../providers/mensagensMethods';
import { InfoList, InfoSection } from '../layout/InfoList';
import { EmptyText, FilterTabsInput, ListLoadError, PageHeader, searchFilter } from '../layout/ListScreen';
import { Restricted } from '../layout/Restricted';
import { exportActions, hideOnPhone, PANEL_LIST, SCREEN_SX } from '../registros/screen';

type Mensagem = ContatoMensagemResponse;
type Row = Mensagem & { id: string };
const R = 'contato';
const t = (key: string) => i18nProvider.translate(key);

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

function StatusChips({ m }: { m: Mensagem }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {!m.lida && <Chip size="small" color="primary" label="Não lida" />}
      <Chip size="small" color={m.tratada ? 'success' : 'warning'} variant="outlined" label={m.tratada ? 'Tratada' : 'Pendente'} />
      {m.respondidaEm && <Chip size="small" variant="outlined" label="Respondida" />}
    </Box>
  );
}

/** Bold while unread, as in a mailbox. */
const weight = (m: Mensagem) => (m.lida ? 400 : 700);

function MensagensEmpty() {
  const { filterValues } = useListContext();
  const filtered = !!filterValues.q || (!!filterValues.status && filterValues.status !== 'todas');
  return <EmptyText>{filtered ? 'Nenhuma mensagem encontrada para esta busca' : 'Nenhuma mensagem recebida'}</EmptyText>;
}

/** Bulk "Marcar como tratada" (the named dataProvider method; one PUT per message). */
function BulkTratadaButton() {
  const { selectedIds, onUnselectItems } = useListContext();
  const api = useMensagensApi();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const mark = async () => {
    setBusy(true);
    const result = await api.markMensagensTratadas(selectedIds);
    const notice = bulkNotice(
      result,
      (n) => `${plural(n, 'mensagem marcada', 'mensagens marcadas')} como tratada${n === 1 ? '' : 's'}.`,
      (n) => plural(n, 'não mudou', 'não mudaram'),
    );
    notify(notice.text, { type: notice.type });
    setBusy(false);
    onUnselectItems();
    refresh();
  };
  return (
    <RaButton label="Marcar como tratada" onClick={() => void mark()} disabled={busy}>
      <DoneAllIcon />
    </RaButton>
  );
}

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
  const [open, setOpen] = useState<Mensagem | null>(null);
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

function MessageDetails(props: {
  m: Mensagem;
  busy: boolean;
  onChange: (body: { lida?: boolean; tratada?: boolean }, done: string) => void;
  onReplied: (m: Mensagem) => void;
  onClose: () => void;
}) {
  const { m, busy, onChange, onReplied, onClose } = props;
  const [replying, setReplying] = useState(false);
  return (
    <>
      <DialogTitle id="mensagem-title">{m.assunto}</DialogTitle>
      <DialogContent dividers>
        <InfoSection title="Remetente">
          <InfoList
            items={[
              ['Nome', m.nome],
              ['E-mail', <a key="e" href={`mailto:${m.email}`}>{m.email}</a>],
              ['Telefone', <a key="t" href={`tel:+55${m.telefone.replace(/\D/g, '')}`}>{m.telefone}</a>],
              ['Empresa', m.empresa],
              ['Recebida em', formatDateTimeBR(m.createdAt)],
              ['Aceite dos termos', `Em ${formatDateTimeBR(m.aceiteTermosEm)}`],
            ]}
          />
        </InfoSection>
        <InfoSection title="Mensagem">
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{m.mensagem}</Typography>
        </InfoSection>
        <InfoSection title="Situação">
          <StatusChips m={m} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {m.tratada && m.tratadaEm ? `Tratada por ${m.tratadaPor ?? '—'} em ${formatDateTimeBR(m.tratadaEm)}.` : 'Ainda não tratada.'}
            {m.respondidaEm && ` Última resposta por ${m.respondidaPor ?? '—'} em ${formatDateTimeBR(m.respondidaEm)}.`}
          </Typography>
        </InfoSection>
        {replying && <ReplyForm m={m} onCancel={() => setReplying(false)} onSent={(updated) => {
              setReplying(false);
              onReplied(updated);
            }} />}
      </DialogContent>
      {!replying && (
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button variant="contained" onClick={() => setReplying(true)} disabled={busy}>
            Responder
          </Button>
          {m.tratada ? (
            <Button variant="outlined" onClick={() => onChange({ tratada: false }, 'Mensagem reaberta como pendente.')} disabled={busy}>
              Reabrir
            </Button>
          ) : (
            <Button variant="outlined" color="success" onClick={() => onChange({ tratada: true }, 'Mensagem marcada como tratada.')} disabled={busy}>
              Marcar como tratada
            </Button>
          )}
          <Button onClick={() => onChange({ lida: false }, 'Mensagem marcada como não lida.')} disabled={busy}>
            Marcar como não lida
          </Button>
          <Button onClick={onClose} disabled={busy}>
            Fechar
          </Button>
        </DialogActions>
      )}
    </>
  );
}

/** The answer by e-mail: plain text, with the original quoted by the server. */
function ReplyForm({ m, onCancel, onSent }: { m: Mensagem; onCancel: () => void; onSent: (m: Mensagem) => void }) {
  const api = useMensagensApi();
  const notify = useNotify();
  const [assunto, setAssunto] = useState(`Re: ${m.assunto}`);
  const [mensagem, setMensagem] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!mensagem.trim()) {
      setError('Escreva a resposta.');
      return;
    }
    setSending(true);
    setError(null);
    try {
      const res = await api.replyMensagem(m._id, { assunto, mensagem });
      notify(res.message ?? 'Resposta enviada com sucesso!', { type: 'success' });
      onSent(res.data);
    } catch (err) {
      setError(sendFailedText(errorMessage(err, MAIL_MESSAGES.sendFailedGeneric)));
    } finally {
      setSending(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2, mt: 1 }} aria-label="Responder por e-mail">
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Responder para {m.email}
      </Typography>
      <TextField label="Assunto" value={assunto} onChange={(e) => setAssunto(e.target.value)} slotProps={{ htmlInput: { maxLength: 200 } }} disabled={sending} fullWidth />
      <TextField
        label="Resposta"
        value={mensagem}
        onChange={(e) => {
          setMensagem(e.target.value);
          setError(null);
        }}
        multiline
        minRows={6}
        disabled={sending}
        error={!!error}
        fullWidth
        autoFocus
      />
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={sending}>
          Cancelar
        </Button>
        <Button type="submit" variant="contained" disabled={sending}>
          {sending ? 'Enviando...' : 'Enviar resposta'}
        </Button>
      </Box>
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
