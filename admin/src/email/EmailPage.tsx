/*
 * The staff mailbox at /painel/email (§2.14, §4 E-mail, issue 4). The folder and the open
 * message are in the address (?pasta=inbox&email=<id>), so the browser's Back closes a message
 * and a link to one works. Compose, and TipTap with it, is loaded only when it opens.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Checkbox, CircularProgress, GlobalStyles, InputAdornment, LinearProgress, Paper, TextField, Typography } from '@mui/material';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DriveFileMoveOutlinedIcon from '@mui/icons-material/DriveFileMoveOutlined';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import AddTaskIcon from '@mui/icons-material/AddTask';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import ReportGmailerrorredIcon from '@mui/icons-material/ReportGmailerrorred';
import SearchIcon from '@mui/icons-material/Search';
import SnoozeIcon from '@mui/icons-material/Snooze';
import { Title, useLogoutIfAccessDenied, useNotify } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import {
  EMAIL_FOLDER_LABELS,
  isEmailFolder,
  MAIL_MESSAGES,
  matchesSearch,
  readStaffUser,
  type EmailDetail,
  type EmailFolder,
  type EmailSummary,
  type MailUsage,
} from '@veritas/common';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { RowAction } from '../ui/FormBits';
import { InertButton } from './InertButton';
import { MailList } from './MailList';
import { deleteEmail, getMessage, getUsage, listFolder, markRead, PAGE_SIZE, setImportant, setStarred } from './mailApi';
import { MailReader } from './MailReader';
import { MailFolderBar, MailSidebar } from './MailSidebar';
import { composeFor, composeFromDraft, NEW_MESSAGE, type ComposeInit } from './replies';

const Compose = lazy(() => import('./compose/Compose'));

/** How long typing rests before the search goes to the server (the loaded list filters at once). */
const SEARCH_DELAY_MS = 250;

const PRINT_STYLES = (
  <GlobalStyles
    styles={{
      '@media print': {
        'body.mail-printing *': { visibility: 'hidden' },
        'body.mail-printing .mail-print-area, body.mail-printing .mail-print-area *': { visibility: 'visible' },
        'body.mail-printing .mail-print-area': { position: 'absolute', left: 0, top: 0, width: '100%' },
      },
    }}
  />
);

function printMessage() {
  document.body.classList.add('mail-printing');
  const done = () => {
    document.body.classList.remove('mail-printing');
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}

/** §2.14's inert tools. */
const INERT_TOOLS = (
  <Box sx={{ display: { xs: 'none', lg: 'flex' } }}>
    <InertButton label="Arquivar" icon={<ArchiveOutlinedIcon />} />
    <InertButton label="Denunciar spam" icon={<ReportGmailerrorredIcon />} />
    <InertButton label="Marcar como não lida" icon={<MarkEmailUnreadOutlinedIcon />} />
    <InertButton label="Adiar" icon={<SnoozeIcon />} />
    <InertButton label="Adicionar às tarefas" icon={<AddTaskIcon />} />
    <InertButton label="Mover para" icon={<DriveFileMoveOutlinedIcon />} />
    <InertButton label="Marcadores" icon={<LabelOutlinedIcon />} />
  </Box>
);

interface ListState {
  rows: EmailSummary[];
  /** The search the rows answer (while another is on its way, they are filtered here). */
  q: string;
  total: number;
  loading: boolean;
  error: string | null;
}

type ComposeState = { init: ComposeInit; key: number } | null;

export default function EmailPage() {
  const notify = useNotify();
  const logoutIfDenied = useLogoutIfAccessDenied();
  const [params, setParams] = useSearchParams();
  const folder: EmailFolder = isEmailFolder(params.get('pasta')) ? (params.get('pasta') as EmailFolder) : 'inbox';
  const openId = params.get('email');
  const me = useMemo(() => readStaffUser(window.localStorage)?.email ?? '', []);

  const [page, setPage] = useState(0);
  const [query, setQuery] = useState('');
  const [serverQuery, setServerQuery] = useState('');
  const [list, setList] = useState<ListState>({ rows: [], q: '', total: 0, loading: true, error: null });
  const [unread, setUnread] = useState(0);
  const [usage, setUsage] = useState<MailUsage | null>(null);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [message, setMessage] = useState<EmailDetail | null>(null);
  const [messageError, setMessageError] = useState<string | null>(null);
  const [compose, setCompose] = useState<ComposeState>(null);
  const [toDelete, setToDelete] = useState<string[] | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [reloads, setReloads] = useState(0);
  const composeKey = useRef(0);

  // A folder change clears the selection, the search and the page, and closes compose (§4).
  const [shownFolder, setShownFolder] = useState(folder);
  if (shownFolder !== folder) {
    setShownFolder(folder);
    setPage(0);
    setQuery('');
    setServerQuery('');
    setChecked(new Set());
    setCompose(null);
    // No rows of the previous folder under the new folder's name while it loads.
    setList({ rows: [], q: '', total: 0, loading: true, error: null });
  }

  const failed = useCallback(
    async (error: unknown, what: string) => {
      console.error(what, error);
      if (await logoutIfDenied(error)) return;
      notify(`${what}: ${error instanceof Error ? error.message : ''}`, { type: 'error' });
    },
    [logoutIfDenied, notify],
  );

  const reload = useCallback(() => setReloads((n) => n + 1), []);

  // The list: on every folder, page, search or reload; a late answer to an older request is dropped.
  useEffect(() => {
    const controller = new AbortController();
    setList((l) => ({ ...l, loading: true, error: null }));
    listFolder({ folder, page, q: serverQuery, signal: controller.signal }).then(
      (res) => {
        setList({ rows: res.data, q: serverQuery, total: res.total, loading: false, error: null });
        setUnread(res.unread);
      },
      async (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Erro ao carregar emails', error);
        setList({ rows: [], q: serverQuery, total: 0, loading: false, error: 'Não foi possível carregar os emails.' });
        await logoutIfDenied(error);
      },
    );
    return () => controller.abort();
  }, [folder, page, serverQuery, reloads, logoutIfDenied]);

  useEffect(() => {
    getUsage().then(setUsage, (e: unknown) => console.error('Erro ao ler o espaço usado', e));
  }, [reloads]);

  useEffect(() => {
    if (query === serverQuery) return;
    const timer = setTimeout(() => {
      setServerQuery(query);
      setPage(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, serverQuery]);

  /** Applies a change to a message wherever it is shown (list and reading view). */
  const patch = useCallback((id: string, change: Partial<EmailSummary>) => {
    setList((l) => ({ ...l, rows: l.rows.map((r) => (r._id === id ? { ...r, ...change } : r)) }));
    setMessage((m) => (m && m._id === id ? { ...m, ...change } : m));
  }, []);

  // The open message; an unread one from the inbox becomes read (§4).
  useEffect(() => {
    setMessage(null);
    setMessageError(null);
    if (!openId) return;
    const controller = new AbortController();
    getMessage(openId, controller.signal).then(
      (m) => {
        setMessage(m);
        if (m.folder === 'inbox' && !m.read) {
          patch(m._id, { read: true });
          setUnread((n) => Math.max(0, n - 1));
          markRead(m._id).catch((e: unknown) => console.error('Erro ao marcar como lido', e));
        }
      },
      async (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Erro ao abrir email', error);
        if (!(await logoutIfDenied(error))) setMessageError(error instanceof Error ? error.message : MAIL_MESSAGES.notFound);
      },
    );
    return () => controller.abort();
  }, [openId, patch, logoutIfDenied]);

  const goTo = useCallback(
    (next: { pasta: EmailFolder; email?: string }) => {
      const search: Record<string, string> = { pasta: next.pasta };
      if (next.email) search.email = next.email;
      setParams(search);
    },
    [setParams],
  );

  const openCompose = useCallback((init: ComposeInit) => {
    composeKey.current += 1;
    setCompose({ init, key: composeKey.current });
  }, []);

  const openDraft = useCallback(
    async (m: Pick<EmailSummary, '_id'>) => {
      try {
        openCompose(composeFromDraft(await getMessage(m._id)));
      } catch (e) {
        await failed(e, 'Erro ao abrir o rascunho');
      }
    },
    [openCompose, failed],
  );

  const toggle = useCallback(
    async (m: EmailSummary, flag: 'starred' | 'important') => {
      const value = !m[flag];
      patch(m._id, { [flag]: value });
      try {
        await (flag === 'starred' ? setStarred(m._id, value) : setImportant(m._id, value));
      } catch (e) {
        patch(m._id, { [flag]: !value });
        await failed(e, 'Erro ao atualizar o email');
      }
    },
    [patch, failed],
  );

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    let gone = 0;
    try {
      for (const id of toDelete) {
        await deleteEmail(id);
        gone += 1;
      }
      notify(folder === 'trash' ? 'Excluído definitivamente.' : 'Movido para a Lixeira.', { type: 'info' });
    } catch (e) {
      await failed(e, 'Erro ao excluir email');
    } finally {
      setDeleting(false);
      if (gone) {
        // Deleting removes the message from the list and deselects it (§4).
        const removed = new Set(toDelete.slice(0, gone));
        setList((l) => ({ ...l, rows: l.rows.filter((r) => !removed.has(r._id)), total: Math.max(0, l.total - removed.size) }));
        setChecked(new Set());
        if (openId && removed.has(openId)) goTo({ pasta: folder });
        reload();
      }
      setToDelete(null);
    }
  };

  // The loaded rows filter as one types; the server's answer for the whole folder follows.
  const rows = useMemo(
    () =>
      query === list.q
        ? list.rows
        : list.rows.filter((m) => matchesSearch([m.subject, m.fromName, m.from, m.preview, ...m.to.map((a) => a.name + ' ' + a.address)], query)),
    [list.rows, list.q, query],
  );

  const reading = Boolean(openId);
  const allChecked = rows.length > 0 && rows.every((r) => checked.has(r._id));
  const first = list.total ? page * PAGE_SIZE + 1 : 0;
  const last = Math.min(list.total, (page + 1) * PAGE_SIZE);
  const deleteTargets = reading && openId ? [openId] : [...checked];

  const rowHandlers = {
    onCheck: (id: string, on: boolean) =>
      setChecked((s) => {
        const next = new Set(s);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    onStar: (m: EmailSummary) => void toggle(m, 'starred'),
    onImportant: (m: EmailSummary) => void toggle(m, 'important'),
    onOpenDraft: (m: EmailSummary) => void openDraft(m),
    hrefOf: (m: EmailSummary) => `?${new URLSearchParams({ pasta: folder, email: m._id })}`,
  };

  const onFolder = (f: EmailFolder) => goTo({ pasta: f });
  const onCompose = () => openCompose(NEW_MESSAGE);

  return (
    <Box sx={{ display: 'flex', minHeight: 'calc(100vh - 64px)', mt: { xs: 0, sm: 1 } }}>
      <Title title="Email" />
      {PRINT_STYLES}
      <MailSidebar folder={folder} unread={unread} usage={usage} onCompose={onCompose} onFolder={onFolder} />

      <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', mb: 2, mr: { xs: 0, sm: 1 } }}>
        <MailFolderBar folder={folder} unread={unread} onCompose={onCompose} onFolder={onFolder} />

        <Box sx={{ px: { xs: 1, sm: 2 }, pt: 1.5 }}>
          <TextField
            type="search"
            size="small"
            fullWidth
            placeholder="Pesquisar email"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            slotProps={{
              htmlInput: { 'aria-label': 'Pesquisar email' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon />
                  </InputAdornment>
                ),
              },
            }}
            sx={{ maxWidth: 720, '& .MuiOutlinedInput-root': { borderRadius: 6, bgcolor: 'action.hover' } }}
          />
        </Box>

        <Box role="toolbar" aria-label="Ações" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: { xs: 0.5, sm: 1 }, py: 0.5, borderBottom: 1, borderColor: 'divider', minHeight: 48 }}>
          {reading ? (
            <RowAction label={`Voltar para ${EMAIL_FOLDER_LABELS[folder]}`} title="Voltar" icon={<ArrowBackIcon />} onClick={() => goTo({ pasta: folder })} />
          ) : (
            <Checkbox
              size="small"
              checked={allChecked}
              indeterminate={!allChecked && rows.some((r) => checked.has(r._id))}
              onChange={(e) => setChecked(e.target.checked ? new Set(rows.map((r) => r._id)) : new Set())}
              slotProps={{ input: { 'aria-label': 'Selecionar todos' } }}
              disabled={!rows.length}
            />
          )}
          <RowAction label="Atualizar" title="Atualizar" icon={<RefreshIcon />} onClick={reload} />
          {deleteTargets.length > 0 && (
            <RowAction label="Excluir" title="Excluir" icon={<DeleteOutlinedIcon />} onClick={() => setToDelete(deleteTargets)} />
          )}
          {reading && message && <RowAction label="Imprimir" title="Imprimir" icon={<PrintOutlinedIcon />} onClick={printMessage} />}
          {INERT_TOOLS}
          <Box sx={{ flex: 1 }} />
          {!reading && list.total > 0 && (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {`${first}–${last} de ${list.total}`}
              </Typography>
              <RowAction label="Página anterior" title="Mais recentes" icon={<ChevronLeftIcon />} disabled={page === 0} onClick={() => setPage((p) => p - 1)} />
              <RowAction label="Próxima página" title="Mais antigos" icon={<ChevronRightIcon />} disabled={last >= list.total} onClick={() => setPage((p) => p + 1)} />
            </>
          )}
        </Box>
        {list.loading && list.rows.length > 0 && <LinearProgress aria-label="Atualizando" sx={{ height: 2 }} />}

        <Box sx={{ flex: 1, minHeight: 0 }}>
          {reading ? (
            message ? (
              <MailReader
                key={message._id}
                message={message}
                me={me}
                onReply={(mode) => openCompose(composeFor(mode, message, me))}
                onEditDraft={() => openCompose(composeFromDraft(message))}
                onStar={() => void toggle(message, 'starred')}
                onImportant={() => void toggle(message, 'important')}
                onError={(text) => notify(text, { type: 'error' })}
              />
            ) : messageError ? (
              <Alert severity="warning" sx={{ m: 2 }}>
                {messageError}
              </Alert>
            ) : (
              <Box role="status" sx={{ p: 4, display: 'flex', justifyContent: 'center' }}>
                <CircularProgress aria-label="Carregando email..." />
              </Box>
            )
          ) : (
            <>
              {list.error && (
                <Alert severity="error" sx={{ m: 2 }}>
                  {list.error}
                </Alert>
              )}
              <MailList rows={rows} loading={list.loading || query !== list.q} checked={checked} {...rowHandlers} />
            </>
          )}
        </Box>
      </Paper>

      {compose && (
        <Suspense
          fallback={
            <Paper elevation={8} role="status" sx={{ position: 'fixed', right: 24, bottom: 0, p: 2 }}>
              Abrindo editor...
            </Paper>
          }
        >
          <Compose key={compose.key} init={compose.init} onClose={() => setCompose(null)} onSent={reload} onDraftSaved={reload} />
        </Suspense>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title="Excluir email"
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      >
        <Typography>
          {toDelete && toDelete.length > 1 ? `Tem certeza que deseja excluir estes ${toDelete.length} emails?` : MAIL_MESSAGES.deleteConfirm}
        </Typography>
        {folder === 'trash' && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Na Lixeira, a exclusão é definitiva.
          </Typography>
        )}
      </ConfirmDialog>
    </Box>
  );
}
