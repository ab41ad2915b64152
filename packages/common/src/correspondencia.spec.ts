import { mailboxFolder } from './api/mailbox';
import { mailboxMessagePath } from './correspondencia';

describe('mailboxMessagePath', () => {
  it("opens a message in its folder, in the mailbox's own address format", () => {
    const path = mailboxMessagePath('00000000-0000-4000-8000-0000000000aa', 'sent');
    expect(path.startsWith('/painel/email?')).toBe(true);
    const params = new URLSearchParams(path.slice('/painel/email?'.length));
    expect(params.get('email')).toBe('00000000-0000-4000-8000-0000000000aa');
    expect(mailboxFolder(JSON.parse(params.get('filter')!))).toBe('sent');
  });
});
