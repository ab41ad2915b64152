/*
 * The mailbox's rows live in react-query's cache, where react-admin's list keeps them: a change the
 * screen makes (a star, a message read, moved or deleted) is written there at once, so every list
 * and the open message show it before the server is asked again.
 */
import { useMemo } from 'react';
import { useQueryClient, type Query, type QueryKey } from '@tanstack/react-query';
import { useGetList, type GetListResult } from 'react-admin';
import { CONTAGEM_LIMITE, MAILBOX_DEFAULT_SORT, type EmailDetail, type EmailSummary, type MailboxFilter } from '@veritas/common';

export type MailRow = EmailSummary & { id: string };

const isList = (key: QueryKey) => key[0] === 'emails' && key[1] === 'getList';
const isUnreadCount = (key: QueryKey) => isList(key) && (key[2] as { filter?: MailboxFilter } | undefined)?.filter?.unread === true;
const lists = { predicate: (q: Query) => isList(q.queryKey) };
const unreadCounts = { predicate: (q: Query) => isUnreadCount(q.queryKey) };

export const messageKey = (id: string) => ['emails', 'getEmail', id] as const;
export const USAGE_KEY = ['emails', 'usage'] as const;

/** The inbox's unread count: the total of its unread messages, read on the list contract. */
const UNREAD = { filter: { folder: 'inbox', unread: true } satisfies MailboxFilter, pagination: { page: 1, perPage: 1 }, sort: MAILBOX_DEFAULT_SORT };

export interface UnreadCount {
  count: number;
  /** False past the server's count limit: more than `count`. */
  exact: boolean;
}

/** How many unread messages the inbox has. */
export function useUnreadCount(): UnreadCount {
  const { total, data } = useGetList<MailRow>('emails', UNREAD);
  if (total !== undefined) return { count: total, exact: true };
  return data?.length ? { count: CONTAGEM_LIMITE, exact: false } : { count: 0, exact: true };
}

export function useMailCache() {
  const client = useQueryClient();
  return useMemo(() => {
    const editLists = (edit: (old: GetListResult<MailRow>) => GetListResult<MailRow>) =>
      client.setQueriesData<GetListResult<MailRow>>(lists, (old) => (old?.data ? edit(old) : old));
    return {
      /** A change to one message, in every list that shows it and in the open message. */
      patch(id: string, change: Partial<EmailSummary>) {
        editLists((old) => ({ ...old, data: old.data.map((r) => (r._id === id ? { ...r, ...change } : r)) }));
        client.setQueryData<EmailDetail>(messageKey(id), (m) => (m ? { ...m, ...change } : m));
      },
      /** Messages gone from the lists that show them (moved or deleted), and from their totals. */
      drop(ids: readonly string[]) {
        const gone = new Set(ids);
        editLists((old) => {
          const data = old.data.filter((r) => !gone.has(r._id));
          const total = old.total === undefined ? undefined : Math.max(0, old.total - (old.data.length - data.length));
          return { ...old, data, total };
        });
      },
      /** A message of the inbox was read: one fewer unread, before the server is asked again. */
      countRead() {
        client.setQueriesData<GetListResult<MailRow>>(unreadCounts, (old) =>
          old?.total ? { ...old, total: old.total - 1 } : old,
        );
      },
      /** The unread count again, from the server. */
      reloadUnread: () => client.invalidateQueries(unreadCounts),
      /** Every list, the unread count and the storage bar again, from the server. */
      reload: () => Promise.all([client.invalidateQueries(lists), client.invalidateQueries({ queryKey: USAGE_KEY })]),
    };
  }, [client]);
}
