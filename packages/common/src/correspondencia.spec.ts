import { mailboxFolder } from './api/mailbox';
import { mailboxFilteredPath, mailboxMessagePath } from './correspondencia';

describe('mailboxMessagePath', () => {
  it("opens a message in its folder, in the mailbox's own address format", () => {
    const path = mailboxMessagePath('00000000-0000-4000-8000-0000000000aa', 'sent');
    expect(path.startsWith('/painel/email?')).toBe(true);
    const params = new URLSearchParams(path.slice('/painel/email?'.length));
    expect(params.get('email')).toBe('00000000-0000-4000-8000-0000000000aa');
    expect(mailboxFolder(JSON.parse(params.get('filter')!))).toBe('sent');
  });
});

describe('mailboxFilteredPath', () => {
  it('opens the list narrowed to a client or a registro, in the inbox unless told', () => {
    const filterOf = (path: string) => JSON.parse(new URLSearchParams(path.slice('/painel/email?'.length)).get('filter')!);
    expect(filterOf(mailboxFilteredPath({ clienteId: 'c1' }))).toEqual({ folder: 'inbox', clienteId: 'c1' });
    expect(filterOf(mailboxFilteredPath({ folder: 'archive', registroId: 'r1' }))).toEqual({ folder: 'archive', registroId: 'r1' });
    expect(mailboxFilteredPath({ clienteId: 'c1' }).startsWith('/painel/email?filter=')).toBe(true);
  });
});
