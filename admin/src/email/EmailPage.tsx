/*
 * The staff mailbox at /painel/email (§2.14, §4 E-mail, issue 4). The folder and the open
 * message are in the address (?pasta=inbox&email=<id>), so the browser's Back closes a message
 * and a link to one works. Compose, and TipTap with it, is loaded only when it opens.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Checkbox, CircularProgress, GlobalStyles, InputAdornment, LinearProgress, Menu, MenuItem, Paper, TextField, Typography } from '@mui/material';
import KeyboardOutlinedIcon from '@mui/icons-material/KeyboardOutlined';
import RestoreFromTrashOutlinedIcon from '@mui/icons-material/RestoreFromTrashOutlined';
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
import { Title, useLogoutIfAccessDenied, useNotify, useTranslate } from 'react-admin';
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
  type MoveTarget,
  MOVE_TARGETS,
} from '@veritas/common';
import { ConfirmDialog } from '../layout/ConfirmDialog';
import { ToolButton } from './ToolButton';
import { InertButton } from './InertButton';
import { MailList } from './MailList';
import { PAGE_SIZE, useMailbox } from '../providers/emailMethods';
import { MailReader } from './MailReader';
import { MailFolderBar, MailSidebar } from './MailSidebar';
import { composeFor, composeFromDraft, NEW_MESSAGE, type ComposeInit } from './replies';
import { ShortcutsHelp, useMailShortcuts, type ShortcutAction } from './shortcuts';

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

/** §2.14's tools that stay inert (spam, snooze, tasks and labels have nothing behind them). */
const INERT_TOOLS = (
  <Box sx={{ display: { xs: 'none', lg: 'flex' } }}>
    <InertButton label="Denunciar spam" icon={<ReportGmailerrorredIcon />} />
    <InertButton label="Adiar" icon={<SnoozeIcon />} />
    <InertButton label="Adicionar às tarefas" icon={<AddTaskIcon />} />
    <InertButton label="Marcadores" icon={<LabelOutlinedIcon />} />
  </Box>
);

const MOVED: Record<MoveTarget, string> = {
  inbox: 'Movido para a Caixa de Entrada.',
  archive: MAIL_MESSAGES.archived,
  trash: 'Movido para a Lixeira.',
};

interface ListState {
  rows: EmailSummary[];
  /** The search the rows answer (while another is on its way, they are filtered here). */
  q: string;
  total: number;
  /** False when a search's count stopped at its limit: there are more than `total`. */
  exato: boolean;
  loading: boolean;
  error: string | null;
}

type ComposeState = { init: ComposeInit; key: number } | null;

export default function EmailPage() {
  const notify = useNotify();
  const translate = useTranslate();
  const mail = useMailbox();
  const logoutIfDenied = useLogoutIfAccessDenied();
  const [params, setParams] = useSearchParams();
  const folder: EmailFolder = isEmailFolder(params.get('pasta')) ? (params.get('pasta') as EmailFolder) : 'inbox';
  const openId = params.get('email');
  const me = useMemo(() => readStaffUser(window.localStorage)?.email ?? '', []);

  const [page, setPage] = useState(0);
  const [query, setQuery] = useState('');
  const [serverQuery, setServerQuery] = useState('');
  const [list, setList] = useState<ListState>({ rows: [], q: '', total: 0, exato: true, loading: true, error: null });
  const [unread, setUnread] = useState(0);
  const [usage, setUsage] = useState<MailUsage | null>(null);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [message, setMessage] = useState<EmailDetail | null>(null);
  const [messageError, setMessageError] = useState<string | null>(null);
  const [compose, setCompose] = useState<ComposeState>(null);
  const [toDelete, setToDelete] = useState<string[] | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [reloads, setReloads] = useState(0);
  const [cursor, setCursor] = useState<string | null>(null);
  const [moveMenu, setMoveMenu] = useState<HTMLElement | null>(null);
  const [help, setHelp] = useState(false);
  const composeKey = useRef(0);
  const searchInput = useRef<HTMLInputElement>(null);

  // A folder change clears the selection, the search and the page, and closes compose (§4).
  const [shownFolder, setShownFolder] = useState(folder);
  if (shownFolder !== folder) {
    setShownFolder(folder);
    setPage(0);
    setQuery('');
    setServerQuery('');
    setChecked(new Set());
    setCursor(null);
    setCompose(null);
    // No rows of the previous folder under the new folder's name while it loads.
    setList({ rows: [], q: '', total: 0, exato: true, loading: true, error: null });
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
    mail.listEmails({ folder, page, q: serverQuery, signal: controller.signal }).then(
      (res) => {
        setList({ rows: res.data, q: serverQuery, total: res.total, exato: res.totalExato !== false, loading: false, error: null });
        setUnread(res.unread);
      },
      async (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Erro ao carregar emails', error);
        setList({ rows: [], q: serverQuery, total: 0, exato: true, loading: false, error: 'Não foi possível carregar os emails.' });
        await logoutIfDenied(error);
      },
    );
    return () => controller.abort();
  }, [folder, page, serverQuery, reloads, logoutIfDenied]);

  useEffect(() => {
    mail.getMailUsage().then(setUsage, (e: unknown) => console.error('Erro ao ler o espaço usado', e));
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
    mail.getEmail(openId, controller.signal).then(
      (m) => {
        setMessage(m);
        if (m.folder === 'inbox' && !m.read) {
          patch(m._id, { read: true });
          setUnread((n) => Math.max(0, n - 1));
          mail.markEmailRead(m._id).catch((e: unknown) => console.error('Erro ao marcar como lido', e));
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
        openCompose(composeFromDraft(await mail.getEmail(m._id)));
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
        await (flag === 'starred' ? mail.setEmailStarred(m._id, value) : mail.setEmailImportant(m._id, value));
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
        await mail.deleteEmail(id);
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

  /** Takes moved messages off a list they no longer belong to, and leaves a message that left. */
  const removeRows = (ids: string[]) => {
    const removed = new Set(ids);
    setList((l) => ({ ...l, rows: l.rows.filter((r) => !removed.has(r._id)), total: Math.max(0, l.total - removed.size) }));
    setChecked(new Set());
    if (openId && removed.has(openId)) goTo({ pasta: folder });
    reload();
  };

  /** One call per message, in order; what was done before a failure stays done and is shown. */
  const eachOf = async (ids: string[], act: (id: string) => Promise<unknown>, what: string): Promise<string[]> => {
    const done: string[] = [];
    try {
      for (const id of ids) {
        await act(id);
        done.push(id);
      }
    } catch (e) {
      await failed(e, what);
    }
    return done;
  };

  const moveTo = async (ids: string[], target: MoveTarget) => {
    setMoveMenu(null);
    const done = await eachOf(ids, (id) => mail.moveEmail(id, target), 'Erro ao mover email');
    if (!done.length) return;
    notify(MOVED[target], { type: 'info' });
    // Com estrela shows starred mail wherever it is, except in Lixeira.
    if (folder !== 'starred' || target === 'trash') removeRows(done);
    else reload();
  };

  const restore = async (ids: string[]) => {
    const done = await eachOf(ids, (id) => mail.restoreEmail(id), 'Erro ao restaurar email');
    if (!done.length) return;
    notify(MAIL_MESSAGES.restored, { type: 'info' });
    removeRows(done);
  };

  const markUnread = async (ids: string[]) => {
    const done = await eachOf(ids, (id) => mail.markEmailRead(id, false), 'Erro ao marcar como não lida');
    if (!done.length) return;
    done.forEach((id) => patch(id, { read: false }));
    setChecked(new Set());
    notify(done.length > 1 ? `${done.length} emails marcados como não lidos.` : 'Marcado como não lida.', { type: 'info' });
    // As in Gmail: the message just marked unread is closed, so opening it does not read it again.
    if (openId && done.includes(openId)) goTo({ pasta: folder });
    reload();
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
  // A search's count may stop at its limit ("mais de 1.000"): then the page's own rows tell the range.
  const last = list.exato ? Math.min(list.total, (page + 1) * PAGE_SIZE) : page * PAGE_SIZE + list.rows.length;
  const first = last > page * PAGE_SIZE ? page * PAGE_SIZE + 1 : 0;
  const range = list.exato
    ? `${first}–${last} de ${list.total}`
    : translate('ra.navigation.partial_page_range_info', { offsetBegin: first, offsetEnd: last });
  const hasNext = list.exato ? last < list.total : list.rows.length >= PAGE_SIZE;
  const targets = reading && openId ? [openId] : [...checked];
  const deleteTargets = targets;
  /** What a shortcut acts on: the open message, else the selection, else the row the cursor is on. */
  const keyTargets = targets.length ? targets : cursor && rows.some((r) => r._id === cursor) ? [cursor] : [];
  const canArchive = folder !== 'archive' && folder !== 'drafts' && folder !== 'trash';
  const canMove = folder !== 'drafts';
  const canMarkUnread = folder !== 'sent' && folder !== 'drafts';

  /** The row after (1) or before (-1) `from` in the list as shown. */
  const neighbour = (from: string | null, step: 1 | -1): EmailSummary | undefined => {
    const at = from ? rows.findIndex((r) => r._id === from) : -1;
    if (at < 0) return step === 1 ? rows[0] : undefined;
    return rows[at + step];
  };

  const open = (m: EmailSummary) => (m.folder === 'drafts' ? void openDraft(m) : goTo({ pasta: folder, email: m._id }));

  useMailShortcuts((action: ShortcutAction) => {
    if (help && action !== 'help') return false;
    switch (action) {
      case 'help':
        setHelp((v) => !v);
        return true;
      case 'compose':
        openCompose(NEW_MESSAGE);
        return true;
      case 'reply':
      case 'replyAll':
      case 'forward':
        if (!reading || !message || message.folder === 'drafts') return false;
        openCompose(composeFor(action, message, me));
        return true;
      case 'search':
        searchInput.current?.focus();
        return true;
      case 'back':
        if (!reading) return false;
        goTo({ pasta: folder });
        return true;
      case 'next':
      case 'previous': {
        const step = action === 'next' ? 1 : -1;
        if (reading) {
          const to = neighbour(openId, step);
          if (to && to.folder !== 'drafts') goTo({ pasta: folder, email: to._id });
          return true;
        }
        const to = neighbour(cursor, step);
        if (to) setCursor(to._id);
        return true;
      }
      case 'open': {
        const m = !reading && cursor ? rows.find((r) => r._id === cursor) : undefined;
        if (!m) return false;
        open(m);
        return true;
      }
      case 'select':
        if (reading || !cursor) return false;
        rowHandlers.onCheck(cursor, !checked.has(cursor));
        return true;
      case 'delete':
        if (!keyTargets.length) return false;
        setToDelete(keyTargets);
        return true;
      case 'archive':
        if (!keyTargets.length || !canArchive) return false;
        void moveTo(keyTargets, 'archive');
        return true;
      case 'markUnread':
        if (!keyTargets.length || !canMarkUnread) return false;
        void markUnread(keyTargets);
        return true;
    }
  });

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
            inputRef={searchInput}
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
            <ToolButton label={`Voltar para ${EMAIL_FOLDER_LABELS[folder]}`} title="Voltar" icon={<ArrowBackIcon />} onClick={() => goTo({ pasta: folder })} />
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
          <ToolButton label="Atualizar" title="Atualizar" icon={<RefreshIcon />} onClick={reload} />
          {deleteTargets.length > 0 && (
            <ToolButton label="Excluir" title="Excluir" icon={<DeleteOutlinedIcon />} onClick={() => setToDelete(deleteTargets)} />
          )}
          {targets.length > 0 && canArchive && (
            <ToolButton label="Arquivar" title="Arquivar (e)" icon={<ArchiveOutlinedIcon />} onClick={() => void moveTo(targets, 'archive')} />
          )}
          {targets.length > 0 && folder === 'trash' && (
            <ToolButton label="Restaurar" title="Restaurar para a pasta de origem" icon={<RestoreFromTrashOutlinedIcon />} onClick={() => void restore(targets)} />
          )}
          {targets.length > 0 && canMarkUnread && (
            <ToolButton label="Marcar como não lida" title="Marcar como não lida (Shift + u)" icon={<MarkEmailUnreadOutlinedIcon />} onClick={() => void markUnread(targets)} />
          )}
          {targets.length > 0 && canMove && (
            <ToolButton label="Mover para" title="Mover para" icon={<DriveFileMoveOutlinedIcon />} onClick={setMoveMenu} />
          )}
          <Menu anchorEl={moveMenu} open={moveMenu !== null} onClose={() => setMoveMenu(null)} slotProps={{ list: { 'aria-label': 'Mover para' } }}>
            {MOVE_TARGETS.filter((t) => t !== folder).map((t) => (
              <MenuItem key={t} onClick={() => void moveTo(targets, t)}>
                {EMAIL_FOLDER_LABELS[t]}
              </MenuItem>
            ))}
          </Menu>
          {reading && message && <ToolButton label="Imprimir" title="Imprimir" icon={<PrintOutlinedIcon />} onClick={printMessage} />}
          {INERT_TOOLS}
          <ToolButton label="Atalhos de teclado" title="Atalhos de teclado (?)" icon={<KeyboardOutlinedIcon />} onClick={() => setHelp(true)} />
          <Box sx={{ flex: 1 }} />
          {!reading && list.total > 0 && (
            <>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {range}
              </Typography>
              <ToolButton label="Página anterior" title="Mais recentes" icon={<ChevronLeftIcon />} disabled={page === 0} onClick={() => setPage((p) => p - 1)} />
              <ToolButton label="Próxima página" title="Mais antigos" icon={<ChevronRightIcon />} disabled={!hasNext} onClick={() => setPage((p) => p + 1)} />
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
              <MailList rows={rows} loading={list.loading || query !== list.q} checked={checked} cursor={cursor} {...rowHandlers} />
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

      <ShortcutsHelp open={help} onClose={() => setHelp(false)} />

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
