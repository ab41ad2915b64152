/*
 * What the mailbox does to messages, each through a named dataProvider method: the lists and the
 * open message change at once (mailCache), then are read again; a failure is said and logged.
 */
import { useMemo } from 'react';
import { useListContext, useNotify } from 'react-admin';
import type { EmailFolder, EmailSummary, MoveTarget } from '@veritas/common';
import { useMailbox } from '../providers/emailMethods';
import { useMailCache } from './mailCache';
import type { MailboxNav } from './mailboxNav';
import { useMailText } from './mailText';

export type MailActions = ReturnType<typeof useMailActions>;

export function useMailActions(folder: EmailFolder, nav: Pick<MailboxNav, 'openId' | 'close'>) {
  const mail = useMailbox();
  const notify = useNotify();
  const t = useMailText();
  const cache = useMailCache();
  const { onUnselectItems } = useListContext();

  return useMemo(() => {
    const failed = (what: string, error: unknown) => {
      console.error(t(`notifications.${what}`), error);
      notify(t('notifications.failed', { what: t(`notifications.${what}`), reason: error instanceof Error ? error.message : '' }), { type: 'error' });
    };
    /** One call per message, in order; what was done before a failure stays done and is shown. */
    const eachOf = async (ids: readonly string[], act: (id: string) => Promise<unknown>, what: string): Promise<string[]> => {
      const done: string[] = [];
      try {
        for (const id of ids) {
          await act(id);
          done.push(id);
        }
      } catch (e) {
        failed(what, e);
      }
      return done;
    };
    const leaveIfOpen = (ids: readonly string[]) => {
      if (nav.openId && ids.includes(nav.openId)) nav.close();
    };
    /** Messages that left this folder: off the list, unselected, and the reading view left if it showed one. */
    const left = (ids: readonly string[]) => {
      cache.drop(ids);
      onUnselectItems();
      leaveIfOpen(ids);
      void cache.reload();
    };

    return {
      /** Star or important, shown at once and put back if the server refuses. */
      async toggle(m: EmailSummary, flag: 'starred' | 'important') {
        const value = !m[flag];
        cache.patch(m._id, { [flag]: value });
        try {
          await (flag === 'starred' ? mail.setEmailStarred(m._id, value) : mail.setEmailImportant(m._id, value));
        } catch (e) {
          cache.patch(m._id, { [flag]: !value });
          failed('updateFailed', e);
        }
      },
      /** To Lixeira; from Lixeira, for good. */
      async remove(ids: readonly string[]) {
        const done = await eachOf(ids, (id) => mail.deleteEmail(id), 'deleteFailed');
        if (!done.length) return;
        notify(t(folder === 'trash' ? 'notifications.deletedForGood' : 'notifications.moved.trash'), { type: 'info' });
        left(done);
      },
      async move(ids: readonly string[], target: MoveTarget) {
        const done = await eachOf(ids, (id) => mail.moveEmail(id, target), 'moveFailed');
        if (!done.length) return;
        notify(t(`notifications.moved.${target}`), { type: 'info' });
        // Com estrela shows starred mail wherever it is, except in Lixeira.
        if (folder !== 'starred' || target === 'trash') left(done);
        else void cache.reload();
      },
      async restore(ids: readonly string[]) {
        const done = await eachOf(ids, (id) => mail.restoreEmail(id), 'restoreFailed');
        if (!done.length) return;
        notify(t('notifications.restored'), { type: 'info' });
        left(done);
      },
      async markUnread(ids: readonly string[]) {
        const done = await eachOf(ids, (id) => mail.markEmailRead(id, false), 'markUnreadFailed');
        if (!done.length) return;
        done.forEach((id) => cache.patch(id, { read: false }));
        onUnselectItems();
        notify(t('notifications.markedUnread', { smart_count: done.length }), { type: 'info' });
        // As in Gmail: the message just marked unread is closed, so opening it does not read it again.
        leaveIfOpen(done);
        void cache.reload();
      },
      /** An unread message of the inbox, opened, becomes read (§4). */
      markRead(m: EmailSummary) {
        if (m.folder !== 'inbox' || m.read) return;
        cache.patch(m._id, { read: true });
        cache.countRead();
        mail.markEmailRead(m._id).then(
          () => cache.reloadUnread(),
          (e: unknown) => console.error('Erro ao marcar como lido', e),
        );
      },
      reload: () => void cache.reload(),
    };
  }, [folder, nav, mail, notify, t, cache, onUnselectItems]);
}
