/* The editor's tools that ask something first (§2.14: link by prompt, table by rows and columns). */
import type { Editor } from '@tiptap/react';
import type { MailText } from '../mailText';

export const DEFAULT_TABLE_SIZE = 3;
const MAX_TABLE_SIZE = 20;

/** What the editor makes of a typed link: http(s) and mailto only; bare names get https://. */
export function linkHref(typed: string): string | null {
  const value = typed.trim();
  if (!value) return null;
  if (/^(https?:\/\/|mailto:)/i.test(value)) return value;
  if (/^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/.test(value)) return `mailto:${value}`;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return null; // javascript:, data:, ...
  return `https://${value}`;
}

function askTableSize(question: string): number | null {
  const answer = window.prompt(question, String(DEFAULT_TABLE_SIZE));
  if (answer === null) return null;
  const n = Number.parseInt(answer, 10);
  if (!Number.isFinite(n) || n < 1) return null;
  return Math.min(n, MAX_TABLE_SIZE);
}

export function insertLink(editor: Editor, t: MailText) {
  const current = (editor.getAttributes('link').href as string | undefined) ?? '';
  const typed = window.prompt(t('editor.linkPrompt'), current || 'https://');
  if (typed === null) return;
  const href = linkHref(typed);
  const chain = editor.chain().focus().extendMarkRange('link');
  if (!href) {
    chain.unsetLink().run();
    return;
  }
  if (editor.state.selection.empty && !editor.isActive('link')) {
    chain.insertContent({ type: 'text', text: typed.trim(), marks: [{ type: 'link', attrs: { href } }] }).run();
  } else {
    chain.setLink({ href }).run();
  }
}

export function insertTable(editor: Editor, t: MailText) {
  const rows = askTableSize(t('editor.rowsPrompt'));
  if (rows === null) return;
  const cols = askTableSize(t('editor.colsPrompt'));
  if (cols === null) return;
  editor.chain().focus().insertTable({ rows, cols, withHeaderRow: false }).run();
}
