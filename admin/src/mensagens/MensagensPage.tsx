import { type FormEvent, useEffect, useState } from 'react';
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
import { Title, useGetList, useNotify } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { type ContatoMensagemResponse, type ContatoStatusFilter, formatDateTimeBR, MAIL_MESSAGES, sendFailedText } from '@veritas/common';
import { errorMessage } from '@veritas/web';
import { useMensagensApi } from '../providers/mensagensMethods';
import { InfoList, InfoSection } from '../layout/InfoList';
import { FilterTabs, PageHeader, SearchBox } from '../ui/ListToolbar';
import { type Column, PagedTable } from '../ui/PagedTable';
import { Restricted } from '../layout/Restricted';
import { useDebounced } from '../layout/useDebounced';
import { usePaging } from '../ui/usePaging';

type Mensagem = ContatoMensagemResponse;

const TABS: readonly { value: ContatoStatusFilter; label: string }[] = [
  { value: 'todas', label: 'Todas' },
  { value: 'nao-lidas', label: 'Não lidas' },
  { value: 'pendentes', label: 'Pendentes' },
  { value: 'tratadas', label: 'Tratadas' },
];

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

/**
 * Mensagens: what visitors sent through the site's contact form. Unread first; opening one marks
 * it read; staff mark it handled or answer it by e-mail (the answer leaves from their own address
 * and stays in their Enviados). `?id=` opens one directly (the link in the inbox notification).
 */
function Mensagens() {
  const api = useMensagensApi();
  const notify = useNotify();
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<ContatoStatusFilter>('todas');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const paging = usePaging(`${tab}|${q}`);
  const list = useGetList<Mensagem & { id: string }>('contato', {
    pagination: paging.pagination,
    sort: { field: 'lida', order: 'ASC' },
    filter: { status: tab, ...(q ? { q } : {}) },
  });
  const [open, setOpen] = useState<Mensagem | null>(null);
  const [openError, setOpenError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const openMessage = async (id: string) => {
    setOpenError(null);
    try {
      setOpen(await api.getMensagem(id));
      list.refetch();
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
    if (linked) setParams({}, { replace: true });
  };

  const change = async (body: { lida?: boolean; tratada?: boolean }, done: string) => {
    if (!open) return;
    setBusy(true);
    try {
      const res = await api.updateMensagem(open._id, body);
      notify(done, { type: 'success' });
      list.refetch();
      if (body.lida === false) close();
      else setOpen(res);
    } catch (err) {
      notify(errorMessage(err, 'Erro ao atualizar a mensagem.'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const columns: Column<Mensagem>[] = [
    {
      key: 'nome',
      label: 'Remetente',
      render: (m) => (
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
      ),
    },
    { key: 'assunto', label: 'Assunto', render: (m) => <Typography variant="body2" sx={{ fontWeight: weight(m) }}>{m.assunto}</Typography> },
    { key: 'createdAt', label: 'Recebida em', render: (m) => formatDateTimeBR(m.createdAt), hideBelow: 'sm' },
    { key: 'status', label: 'Situação', render: (m) => <StatusChips m={m} /> },
  ];

  const filtered = tab !== 'todas' || !!q;
  return (
    <Box sx={{ mb: 4 }}>
      <Title title="Mensagens" />
      <PageHeader title="Mensagens" />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Mensagens enviadas pelo formulário de contato do site. As não lidas aparecem primeiro.
      </Typography>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {openError && (
          <Alert severity="error" onClose={() => setOpenError(null)}>
            {openError}
          </Alert>
        )}
        <FilterTabs label="Filtrar mensagens" value={tab} options={TABS} onChange={setTab} />
        <SearchBox placeholder="Buscar por nome, e-mail, empresa ou texto..." value={search} onChange={setSearch} />
        <PagedTable
          label="Mensagens do formulário de contato"
          columns={columns}
          rows={list.error ? [] : list.data}
          loading={list.isPending || list.isFetching}
          error={list.error ? `Erro ao carregar mensagens: ${errorMessage(list.error, 'sem conexão com o servidor')}` : null}
          emptyText={filtered ? 'Nenhuma mensagem encontrada para esta busca' : 'Nenhuma mensagem recebida'}
          total={list.total ?? 0}
          page={paging.page}
          perPage={paging.perPage}
          onPageChange={paging.setPage}
          onPerPageChange={paging.setPerPage}
          onRowClick={(m) => void openMessage(m._id)}
        />
      </Box>

      <Dialog open={!!open} onClose={busy ? undefined : close} fullScreen={fullScreen} fullWidth maxWidth="md" aria-labelledby="mensagem-title">
        {open && <MessageDetails m={open} busy={busy} onChange={change} onReplied={(m) => {
              setOpen(m);
              list.refetch();
            }} onClose={close} />}
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

export default function MensagensPage() {
  return (
    <Restricted action="contato">
      <Mensagens />
    </Restricted>
  );
}
