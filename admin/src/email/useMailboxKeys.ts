/*
 * What each keyboard shortcut (shortcuts.tsx) does in the mailbox: on the open message, else on
 * the selection, else on the row the cursor (j/k) is on.
 */
import type { EmailDetail, EmailFolder } from '@veritas/common';
import type { MailRow } from './mailCache';
import type { MailboxNav } from './mailboxNav';
import { folderAbilities } from './MailToolbar';
import { composeFor, NEW_MESSAGE, type ComposeInit } from './replies';
import { useMailShortcuts, type ShortcutAction } from './shortcuts';
import type { MailActions } from './useMailActions';

export interface KeyContext {
  folder: EmailFolder;
  nav: MailboxNav;
  rows: MailRow[];
  message: EmailDetail | null;
  me: string;
  /** The open message, or the selection. */
  targets: string[];
  cursor: string | null;
  setCursor: (id: string) => void;
  helpOpen: boolean;
  toggleHelp: () => void;
  /** Puts the cursor in the search box. */
  focusSearch: () => void;
  compose: (init: ComposeInit) => void;
  open: (m: MailRow) => void;
  toggleSelected: (id: string) => void;
  askDelete: (ids: string[]) => void;
  actions: MailActions;
}

/** The row after (1) or before (-1) `from` in the list as shown. */
function neighbour(rows: MailRow[], from: string | null, step: 1 | -1): MailRow | undefined {
  const at = from ? rows.findIndex((r) => r.id === from) : -1;
  if (at < 0) return step === 1 ? rows[0] : undefined;
  return rows[at + step];
}

/** Does what `action` asks and answers whether it did anything (the key is then taken). */
export function runShortcut(action: ShortcutAction, c: KeyContext): boolean {
  if (c.helpOpen && action !== 'help') return false;
  const reading = c.nav.openId !== null;
  const can = folderAbilities(c.folder);
  const onCursor = c.cursor && c.rows.some((r) => r.id === c.cursor) ? [c.cursor] : [];
  const targets = c.targets.length ? c.targets : onCursor;
  switch (action) {
    case 'help':
      c.toggleHelp();
      return true;
    case 'compose':
      c.compose(NEW_MESSAGE);
      return true;
    case 'reply':
    case 'replyAll':
    case 'forward':
      if (!reading || !c.message || c.message.folder === 'drafts') return false;
      c.compose(composeFor(action, c.message, c.me));
      return true;
    case 'search':
      c.focusSearch();
      return true;
    case 'back':
      if (!reading) return false;
      c.nav.close();
      return true;
    case 'next':
    case 'previous': {
      const step = action === 'next' ? 1 : -1;
      const to = neighbour(c.rows, reading ? c.nav.openId : c.cursor, step);
      if (reading) {
        if (to && to.folder !== 'drafts') c.nav.open(to.id);
      } else if (to) c.setCursor(to.id);
      return true;
    }
    case 'open': {
      const m = !reading && c.cursor ? c.rows.find((r) => r.id === c.cursor) : undefined;
      if (!m) return false;
      c.open(m);
      return true;
    }
    case 'select':
      if (reading || !c.cursor) return false;
      c.toggleSelected(c.cursor);
      return true;
    case 'delete':
      if (!targets.length) return false;
      c.askDelete(targets);
      return true;
    case 'archive':
      if (!targets.length || !can.archive) return false;
      void c.actions.move(targets, 'archive');
      return true;
    case 'markUnread':
      if (!targets.length || !can.markUnread) return false;
      void c.actions.markUnread(targets);
      return true;
  }
}

export function useMailboxKeys(context: KeyContext) {
  useMailShortcuts((action) => runShortcut(action, context));
}
