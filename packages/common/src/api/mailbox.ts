/*
 * GET /api/emails: the mailbox's list on the one list contract (simple-rest's sort, range and filter,
 * answered with Content-Range), the folder being one of its filters. The panel's list reads these
 * names; the server refuses any other.
 */
import { EMAIL_FOLDERS, isEmailFolder, type EmailFolder } from '../mail-types';

/**
 * The filters of GET /api/emails: the folder (inbox when absent), the search, unread, with attachments,
 * and the client or registro the messages are filed under (issue 56, email_vinculos).
 */
export const MAILBOX_FILTERS = ['folder', 'q', 'unread', 'hasAttachments', 'clienteId', 'registroId'] as const;

/** The filters of GET /api/emails/:folder: the same, less the folder (it is in the path). */
export const FOLDER_FILTERS = MAILBOX_FILTERS.filter((f) => f !== 'folder');

export const MAILBOX_CLIENTE_INVALID = 'Filtro clienteId inválido: use o id de um cliente.';
export const MAILBOX_REGISTRO_INVALID = 'Filtro registroId inválido: use o id de um registro.';

/** What the list may be sorted by; newest first unless asked. */
export const MAILBOX_SORT_FIELDS = ['date', 'subject', 'from', 'size'] as const;
export type MailboxSortField = (typeof MAILBOX_SORT_FIELDS)[number];
export const MAILBOX_DEFAULT_SORT = { field: 'date', order: 'DESC' } as const;

/** A page of the mailbox, as the panel shows it. */
export const MAILBOX_PAGE_SIZE = 50;

export interface MailboxFilter {
  folder?: EmailFolder;
  q?: string;
  unread?: boolean;
  hasAttachments?: boolean;
  clienteId?: string;
  registroId?: string;
}

export const MAILBOX_FOLDER_INVALID = `Pasta de email inválida: use ${EMAIL_FOLDERS.join(', ')}.`;

/** The folder a list filter asks for: the inbox when it names none, null when it names an unknown one. */
export function mailboxFolder(filter: { folder?: unknown } | null | undefined): EmailFolder | null {
  const folder = filter?.folder;
  if (folder === undefined || folder === null || folder === '') return 'inbox';
  return isEmailFolder(folder) ? folder : null;
}
