/*
 * The staff mailbox at /painel/email (§2.14, §4 E-mail, issues 4 and 51): react-admin's list of
 * the resource `emails` (GET /api/emails), whose folder, search, sort and page live in the
 * address with the open message (`email`), so Back closes a message and a link to a folder or a
 * message works. The sidebar, the toolbar, the list, the reading view and compose each keep what
 * they need; compose, and TipTap with it, is loaded only when it opens.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Box, LinearProgress, Paper } from '@mui/material';
import { ListBase, Title, useListContext, useNotify } from 'react-admin';
import { Navigate, useSearchParams } from 'react-router-dom';
import { MAILBOX_DEFAULT_SORT, MAILBOX_PAGE_SIZE, readStaffUser, type EmailFolder, type EmailSummary } from '@veritas/common';
import { useMailbox } from '../providers/emailMethods';
import { DeleteDialog } from './DeleteDialog';
import { legacySearch, useMailboxNav } from './mailboxNav';
import type { MailRow } from './mailCache';
import { ConversasNaBusca } from './ConversasNaBusca';
import { MailList } from './MailList';
import { MailSearchBox, useMailSearch } from './MailSearch';
import { MailFolderBar, MailSidebar } from './MailSidebar';
import { useMailText } from './mailText';
import { MailToolbar } from './MailToolbar';
import { PRINT_STYLES } from './print';
import { ReaderPane, useOpenMessage } from './ReaderPane';
import { composeFor, composeFromDraft, NEW_MESSAGE, type ComposeInit } from './replies';
import { ShortcutsHelp } from './shortcuts';
import { useMailActions } from './useMailActions';
import { useMailboxKeys } from './useMailboxKeys';

const Compose = lazy(() => import('./compose/Compose'));

/** How long typing rests before the search goes to the server (the loaded rows filter at once). */
const SEARCH_DELAY_MS = 250;

export default function EmailPage() {
  const [params] = useSearchParams();
  // Links of before the list parameters (?pasta=sent&email=<id>) still land where they pointed.
  const legacy = legacySearch(params);
  if (legacy) return <Navigate replace to={{ search: `?${legacy}` }} />;
  return (
    <ListBase
      resource="emails"
      perPage={MAILBOX_PAGE_SIZE}
      sort={MAILBOX_DEFAULT_SORT}
      storeKey={false}
      debounce={SEARCH_DELAY_MS}
      // §8: a list that fails to load is logged and shown empty (MailList says so), not notified.
      queryOptions={{ onError: (error: unknown) => console.error('Erro ao carregar emails', error) }}
    >
      <FolderMailbox />
    </ListBase>
  );
}

/**
 * ?escrever=1&para=…&assunto=… (mailboxComposePath: "Responder ao cliente" from a registro) opens a new
 * message so addressed, once; the parameters then leave the address, so Back or a reload does not open it again.
 */
function useComposeFromAddress(open: (init: ComposeInit) => void) {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('escrever') === '1';
  useEffect(() => {
    if (!wanted) return;
    open({ ...NEW_MESSAGE, to: params.get('para') ?? '', subject: params.get('assunto') ?? '' });
    const rest = new URLSearchParams(params);
    for (const k of ['escrever', 'para', 'assunto']) rest.delete(k);
    setParams(rest, { replace: true });
    // Only when the address asks (once); the rest of the parameters belong to the list.
  }, [wanted]);
}

/** A folder change starts the screen afresh: selection, search, cursor and compose (§4). */
function FolderMailbox() {
  const { folder } = useMailboxNav();
  return <Mailbox key={folder} folder={folder} />;
}

function Mailbox({ folder }: { folder: EmailFolder }) {
  const t = useMailText();
  const notify = useNotify();
  const mail = useMailbox();
  const nav = useMailboxNav();
  const search = useMailSearch();
  const actions = useMailActions(folder, nav);
  const { selectedIds, onToggleItem, onUnselectItems, isFetching } = useListContext<MailRow>();
  const open = useOpenMessage(nav.openId, actions.markRead);
  const me = useMemo(() => readStaffUser(window.localStorage)?.email ?? '', []);
  const [compose, setCompose] = useState<{ init: ComposeInit; key: number } | null>(null);
  const [toDelete, setToDelete] = useState<string[] | null>(null);
  const [help, setHelp] = useState(false);
  const [cursor, setCursor] = useState<string | null>(null);
  // Selected rows belong to the folder they were selected in: none on arriving in this one.
  useEffect(() => onUnselectItems(), [folder]);

  const openCompose = useCallback((init: ComposeInit) => setCompose((c) => ({ init, key: (c?.key ?? 0) + 1 })), []);
  useComposeFromAddress(openCompose);
  const openDraft = async (m: Pick<EmailSummary, '_id'>) => {
    try {
      openCompose(composeFromDraft(await mail.getEmail(m._id)));
    } catch (e) {
      console.error('Erro ao abrir o rascunho', e);
      notify(t('notifications.failed', { what: t('notifications.draftOpenFailed'), reason: e instanceof Error ? e.message : '' }), { type: 'error' });
    }
  };
  const openRow = (m: MailRow) => (m.folder === 'drafts' ? void openDraft(m) : nav.open(m.id));
  const reading = nav.openId !== null;
  const targets = nav.openId ? [nav.openId] : selectedIds.map(String);

  useMailboxKeys({
    folder,
    nav,
    rows: search.rows,
    message: open.message,
    me,
    targets,
    cursor,
    setCursor,
    helpOpen: help,
    toggleHelp: () => setHelp((v) => !v),
    focusSearch: search.focus,
    compose: openCompose,
    open: openRow,
    toggleSelected: onToggleItem,
    askDelete: setToDelete,
    actions,
  });

  const sidebar = { folder, onCompose: () => openCompose(NEW_MESSAGE), onFolder: nav.goToFolder };
  return (
    <Box sx={{ display: 'flex', minHeight: 'calc(100vh - 64px)', mt: { xs: 0, sm: 1 } }}>
      <Title title={t('name', { smart_count: 1 })} />
      {PRINT_STYLES}
      <MailSidebar {...sidebar} />
      <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', mb: 2, mr: { xs: 0, sm: 1 } }}>
        <MailFolderBar {...sidebar} />
        <MailSearchBox search={search} />
        <MailToolbar
          folder={folder}
          reading={reading}
          canPrint={open.message !== null}
          targets={targets}
          rows={search.rows}
          actions={actions}
          onBack={nav.close}
          onDelete={setToDelete}
          onHelp={() => setHelp(true)}
        />
        {isFetching && search.rows.length > 0 && <LinearProgress aria-label={t('toolbar.updating')} sx={{ height: 2 }} />}
        <Box sx={{ flex: 1, minHeight: 0 }}>
          {reading ? (
            <ReaderPane
              open={open}
              me={me}
              onReply={(mode) => open.message && openCompose(composeFor(mode, open.message, me))}
              onEditDraft={() => open.message && openCompose(composeFromDraft(open.message))}
              onStar={() => open.message && void actions.toggle(open.message, 'starred')}
              onImportant={() => open.message && void actions.toggle(open.message, 'important')}
            />
          ) : (
            <>
              <ConversasNaBusca />
              <MailList
                rows={search.rows}
                searching={search.pending || Boolean(isFetching)}
                cursor={cursor}
                onStar={(m) => void actions.toggle(m, 'starred')}
                onImportant={(m) => void actions.toggle(m, 'important')}
                onOpenDraft={(m) => void openDraft(m)}
                hrefOf={nav.hrefOf}
              />
            </>
          )}
        </Box>
      </Paper>

      {compose && (
        <Suspense
          fallback={
            <Paper elevation={8} role="status" sx={{ position: 'fixed', right: 24, bottom: 0, p: 2 }}>
              {t('compose.opening')}
            </Paper>
          }
        >
          <Compose key={compose.key} init={compose.init} onClose={() => setCompose(null)} onSaved={actions.reload} />
        </Suspense>
      )}

      <ShortcutsHelp open={help} onClose={() => setHelp(false)} />
      <DeleteDialog ids={toDelete} folder={folder} onClose={() => setToDelete(null)} onDelete={actions.remove} />
    </Box>
  );
}
