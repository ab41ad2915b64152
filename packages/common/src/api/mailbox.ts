/*
 * GET /api/emails: the mailbox's list on the one list contract (simple-rest's sort, range and filter,
 * answered with Content-Range), the folder being one of its filters. The panel's list reads these
 * names; the server refuses any other.
 */
import { EMAIL_FOLDERS, isEmailFolder, type EmailFolder } from '../mail-types';

/** The filters of GET /api/emails: the folder (inbox when absent), the search, unread and with attachments. */
export const MAILBOX_FILTERS = ['folder', 'q', 'unread', 'hasAttachments'] as const;

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
}

export const MAILBOX_FOLDER_INVALID = `Pasta de email inválida: use ${EMAIL_FOLDERS.join(', ')}.`;

/** The folder a list filter asks for: the inbox when it names none, null when it names an unknown one. */
export function mailboxFolder(filter: { folder?: unknown } | null | undefined): EmailFolder | null {
  const folder = filter?.folder;
  if (folder === undefined || folder === null || folder === '') return 'inbox';
  return isEmailFolder(folder) ? folder : null;
}
