/*
 * Where the mailbox is, in the address: the list's own parameters (react-admin's filter, with
 * the folder in it, sort, order, page) and the open message (`email`), so Back closes a message,
 * a folder or a message can be linked, and a reload lands in the same place.
 */
import { useMemo } from 'react';
import { useListContext } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { isEmailFolder, mailboxFolder, type EmailFolder } from '@veritas/common';

/** The list parameters a folder change keeps: the sort chosen and the page size. */
const KEPT = ['sort', 'order', 'perPage'];

/** A folder's first page, with no search and no message open. */
export function folderSearch(folder: EmailFolder, current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams({ filter: JSON.stringify({ folder }) });
  for (const key of KEPT) {
    const value = current.get(key);
    if (value) next.set(key, value);
  }
  return next;
}

/** An address of before the list parameters (?pasta=sent&email=<id>) as today's, or null. */
export function legacySearch(current: URLSearchParams): URLSearchParams | null {
  const pasta = current.get('pasta');
  if (pasta === null) return null;
  const next = folderSearch(isEmailFolder(pasta) ? pasta : 'inbox', current);
  const email = current.get('email');
  if (email) next.set('email', email);
  return next;
}

export interface MailboxNav {
  folder: EmailFolder;
  /** The message open in the reading view, if any. */
  openId: string | null;
  hrefOf: (id: string) => string;
  open: (id: string) => void;
  close: () => void;
  goToFolder: (folder: EmailFolder) => void;
}

export function useMailboxNav(): MailboxNav {
  const { filterValues } = useListContext();
  const [params, setParams] = useSearchParams();
  const folder = mailboxFolder(filterValues) ?? 'inbox';
  const openId = params.get('email');
  return useMemo(() => {
    const withMessage = (id: string | null) => {
      const next = new URLSearchParams(params);
      if (id) next.set('email', id);
      else next.delete('email');
      return next;
    };
    return {
      folder,
      openId,
      hrefOf: (id) => `?${withMessage(id)}`,
      open: (id) => setParams(withMessage(id)),
      close: () => setParams(withMessage(null)),
      goToFolder: (f) => setParams(folderSearch(f, params)),
    };
  }, [folder, openId, params, setParams]);
}
