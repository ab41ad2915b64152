import { EMAIL_FOLDERS } from '../mail-types';
import { MAILBOX_FOLDER_INVALID, mailboxFolder } from './mailbox';

describe('mailboxFolder', () => {
  it.each([
    [undefined, 'inbox'],
    [{}, 'inbox'],
    [{ folder: '' }, 'inbox'],
    [{ folder: null }, 'inbox'],
    [{ folder: 'trash' }, 'trash'],
    [{ folder: 'starred' }, 'starred'],
    [{ folder: 'spam' }, null],
    [{ folder: 'INBOX' }, null],
    [{ folder: ['inbox'] }, null],
    [{ folder: 1 }, null],
  ])('%j → %s', (filter, folder) => {
    expect(mailboxFolder(filter as { folder?: unknown })).toBe(folder);
  });

  it('names every folder in its refusal', () => {
    for (const f of EMAIL_FOLDERS) expect(MAILBOX_FOLDER_INVALID).toContain(f);
  });
});
