/*
 * Gmail's keyboard shortcuts for the mailbox's common actions, and the '?' overlay that lists
 * them. One table feeds both, so the overlay never promises a key that does nothing.
 */
import { useEffect, useRef } from 'react';
import { Box, Dialog, DialogContent, DialogTitle, IconButton, Table, TableBody, TableCell, TableRow } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';

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

/** In the order the overlay lists them. `keys` are KeyboardEvent.key values. */
export const SHORTCUTS: readonly { keys: readonly string[]; shown: string; action: ShortcutAction; description: string }[] = [
  { keys: ['c'], shown: 'c', action: 'compose', description: 'Escrever nova mensagem' },
  { keys: ['r'], shown: 'r', action: 'reply', description: 'Responder' },
  { keys: ['a'], shown: 'a', action: 'replyAll', description: 'Responder a todos' },
  { keys: ['f'], shown: 'f', action: 'forward', description: 'Encaminhar' },
  { keys: ['#'], shown: '#', action: 'delete', description: 'Excluir (mover para a Lixeira)' },
  { keys: ['e'], shown: 'e', action: 'archive', description: 'Arquivar' },
  { keys: ['U'], shown: 'Shift + u', action: 'markUnread', description: 'Marcar como não lida' },
  { keys: ['j'], shown: 'j', action: 'next', description: 'Próxima mensagem (mais antiga)' },
  { keys: ['k'], shown: 'k', action: 'previous', description: 'Mensagem anterior (mais recente)' },
  { keys: ['o', 'Enter'], shown: 'o ou Enter', action: 'open', description: 'Abrir a mensagem indicada' },
  { keys: ['x'], shown: 'x', action: 'select', description: 'Selecionar a mensagem indicada' },
  { keys: ['/'], shown: '/', action: 'search', description: 'Pesquisar email' },
  { keys: ['u'], shown: 'u', action: 'back', description: 'Voltar para a lista' },
  { keys: ['?'], shown: '?', action: 'help', description: 'Mostrar os atalhos de teclado' },
];

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

export function ShortcutsHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="mail-shortcuts-title" maxWidth="xs" fullWidth>
      <DialogTitle id="mail-shortcuts-title" sx={{ pr: 6 }}>
        Atalhos de teclado
        <IconButton aria-label="Fechar" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Table size="small" aria-label="Atalhos de teclado">
          <TableBody>
            {SHORTCUTS.map((s) => (
              <TableRow key={s.action}>
                <TableCell component="th" scope="row" sx={{ width: 110 }}>
                  <Box component="kbd" sx={{ fontFamily: 'monospace', px: 0.75, py: 0.25, border: 1, borderColor: 'divider', borderRadius: 0.5 }}>
                    {s.shown}
                  </Box>
                </TableCell>
                <TableCell>{s.description}</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell component="th" scope="row">
                <Box component="kbd" sx={{ fontFamily: 'monospace', px: 0.75, py: 0.25, border: 1, borderColor: 'divider', borderRadius: 0.5 }}>
                  Esc
                </Box>
              </TableCell>
              <TableCell>Fechar a nova mensagem (fica em Rascunhos)</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </DialogContent>
    </Dialog>
  );
}
