/*
 * Gmail's keyboard shortcuts for the mailbox's common actions, and the '?' overlay that lists
 * them. One table feeds both, so the overlay never promises a key that does nothing.
 */
import { useEffect, useRef } from 'react';
import { Box, Dialog, DialogContent, DialogTitle, IconButton, Table, TableBody, TableCell, TableRow } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useMailText } from './mailText';

export type ShortcutAction =
  | 'compose'
  | 'reply'
  | 'replyAll'
  | 'forward'
  | 'delete'
  | 'archive'
  | 'markUnread'
  | 'next'
  | 'previous'
  | 'open'
  | 'select'
  | 'search'
  | 'back'
  | 'help';

/** In the order the overlay lists them (described by resources.emails.shortcuts.<action>). `keys` are KeyboardEvent.key values. */
export const SHORTCUTS: readonly { keys: readonly string[]; action: ShortcutAction }[] = [
  { keys: ['c'], action: 'compose' },
  { keys: ['r'], action: 'reply' },
  { keys: ['a'], action: 'replyAll' },
  { keys: ['f'], action: 'forward' },
  { keys: ['#'], action: 'delete' },
  { keys: ['e'], action: 'archive' },
  { keys: ['U'], action: 'markUnread' },
  { keys: ['j'], action: 'next' },
  { keys: ['k'], action: 'previous' },
  { keys: ['o', 'Enter'], action: 'open' },
  { keys: ['x'], action: 'select' },
  { keys: ['/'], action: 'search' },
  { keys: ['u'], action: 'back' },
  { keys: ['?'], action: 'help' },
];

/** How the overlay writes a key: Shift + u for U. */
const keyName = (key: string) => (/^[A-Z]$/.test(key) ? `Shift + ${key.toLowerCase()}` : key);

const BY_KEY = new Map(SHORTCUTS.flatMap((s) => s.keys.map((k) => [k, s.action] as const)));

/** True while the person types: in a field, a select or an editor (TipTap is contenteditable). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]') !== null;
}

/**
 * The action a key press asks for, or null: never with Ctrl, Alt or Meta held (the browser's own
 * shortcuts), never while typing, never from inside a dialog (it has its own keys), and Enter
 * only where it would not press a focused button or link anyway.
 */
export function shortcutFor(event: KeyboardEvent): ShortcutAction | null {
  if (event.ctrlKey || event.altKey || event.metaKey || event.isComposing) return null;
  if (isTyping(event.target)) return null;
  const target = event.target instanceof HTMLElement ? event.target : null;
  if (target?.closest('[role="dialog"], [role="menu"], [role="listbox"]')) return null;
  if (event.key === 'Enter' && target?.closest('a, button')) return null;
  return BY_KEY.get(event.key) ?? null;
}

/** Listens on the document while the mailbox is open; `run` answers whether it acted. */
export function useMailShortcuts(run: (action: ShortcutAction) => boolean) {
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const action = shortcutFor(event);
      if (action && latest.current(action)) event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}

function Key({ children }: { children: string }) {
  return (
    <Box component="kbd" sx={{ fontFamily: 'monospace', px: 0.75, py: 0.25, border: 1, borderColor: 'divider', borderRadius: 0.5 }}>
      {children}
    </Box>
  );
}

export function ShortcutsHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useMailText();
  const rows = [
    ...SHORTCUTS.map((s) => ({
      key: s.action,
      shown: s.keys.length > 1 ? t('shortcuts.or', { a: keyName(s.keys[0]), b: keyName(s.keys[1]) }) : keyName(s.keys[0]),
      description: t(`shortcuts.${s.action}`),
    })),
    { key: 'escape', shown: 'Esc', description: t('shortcuts.escape') },
  ];
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="mail-shortcuts-title" maxWidth="xs" fullWidth>
      <DialogTitle id="mail-shortcuts-title" sx={{ pr: 6 }}>
        {t('shortcuts.title')}
        <IconButton aria-label={t('shortcuts.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Table size="small" aria-label={t('shortcuts.title')}>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.key}>
                <TableCell component="th" scope="row" sx={{ width: 110 }}>
                  <Key>{r.shown}</Key>
                </TableCell>
                <TableCell>{r.description}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
    </Dialog>
  );
}
