import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GetListResult } from 'react-admin';
import { MAILBOX_PAGE_SIZE } from '@veritas/common';
import EmailPage from './EmailPage';
import { fakeMailbox, filterOf, renderInPanel, summary } from './testKit';

const list = () => screen.getByRole('list', { name: 'Emails' });
const rowOf = (subject: string) => within(list()).getByText(subject).closest('li') as HTMLElement;
const folders = () => screen.getByRole('navigation', { name: 'Pastas de email' });

describe('the mailbox list (react-admin ListBase on GET /api/emails)', () => {
  it('lists the inbox through getList, newest first, 50 a page, with §2.14\'s rows and the unread count', async () => {
    const long = `Assunto ${'muito longo '.repeat(12)}fim`;
    const provider = fakeMailbox([
      summary({ subject: long, read: false, hasAttachments: true }),
      summary({ subject: '', read: false }),
      summary({ subject: 'Enviada por mim', folder: 'sent', to: [{ name: 'Bruno', address: 'bruno@x.com' }] }),
    ]);
    renderInPanel(<EmailPage />, provider);

    await screen.findByRole('list', { name: 'Emails' });
    expect(provider.getList).toHaveBeenCalledWith('emails', expect.objectContaining({ pagination: { page: 1, perPage: MAILBOX_PAGE_SIZE }, sort: { field: 'date', order: 'DESC' }, filter: {} }));
    expect(within(list()).getAllByRole('listitem')).toHaveLength(2);
    const first = within(list()).getAllByRole('listitem')[0];
    expect(first.textContent).toContain('Não lido: Ana Souza');
    expect(first.textContent).not.toContain('fim'); // the subject is cut at 100 characters
    expect(within(first).getByTitle('Com anexo')).toBeTruthy();
    expect(within(list()).getByText('(sem assunto)')).toBeTruthy();
    // The unread count is the total of the inbox's unread messages, asked on the same contract.
    await within(folders()).findByText('2 não lidos');
    expect(provider.getList).toHaveBeenCalledWith('emails', expect.objectContaining({ filter: { folder: 'inbox', unread: true }, pagination: { page: 1, perPage: 1 } }));
  });

  it('a folder is the list\'s filter in the address: Enviados asks for it and names the recipients', async () => {
    const provider = fakeMailbox([summary({ subject: 'Recebida' }), summary({ subject: 'Enviada por mim', folder: 'sent', to: [{ name: 'Bruno', address: 'bruno@x.com' }] })]);
    const { location } = renderInPanel(<EmailPage />, provider);
    await screen.findByText('Recebida');

    await userEvent.click(within(folders()).getByRole('button', { name: /^Enviados/ }));
    await screen.findByText('Enviada por mim');
    expect(filterOf(location.current)).toEqual({ folder: 'sent' });
    expect(rowOf('Enviada por mim').textContent).toContain('Para: Bruno');
    expect(provider.getList).toHaveBeenLastCalledWith('emails', expect.objectContaining({ filter: { folder: 'sent' } }));
  });

  it('opens where the address points, and an address of before (?pasta=) lands in its folder', async () => {
    const provider = fakeMailbox([summary({ subject: 'Na lixeira', folder: 'trash' })]);
    const { location } = renderInPanel(<EmailPage />, provider, '/painel/email?pasta=trash');
    await screen.findByText('Na lixeira');
    expect(filterOf(location.current)).toEqual({ folder: 'trash' });
    expect(new URLSearchParams(location.current?.search).has('pasta')).toBe(false);
  });

  it("'Pesquisar email' filters the loaded rows at once, then asks the server with q", async () => {
    const provider = fakeMailbox([summary({ subject: 'Contrato social' }), summary({ subject: 'Balanço anual' })]);
    const { location } = renderInPanel(<EmailPage />, provider);
    await screen.findByText('Contrato social');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Pesquisar email' }), 'balan');
    expect(within(list()).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list()).getByText('Balanço anual')).toBeTruthy();
    await waitFor(() => expect(filterOf(location.current)).toEqual({ q: 'balan' }));
    await waitFor(() => expect(provider.getList).toHaveBeenCalledWith('emails', expect.objectContaining({ filter: { q: 'balan' } })));

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Pesquisar email' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Pesquisar email' }), 'nada disso');
    await screen.findByText('Nenhum email encontrado');
  });

  it('pages by the list contract: the page is in the address and the range says where one is', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => summary({ subject: `Aviso ${5 - i}` }));
    const provider = fakeMailbox(rows);
    // Two a page (the address may say so) keeps the screen small; the mailbox asks 50 by itself (above).
    const { location } = renderInPanel(<EmailPage />, provider, '/painel/email?perPage=2');
    await screen.findByText('1–2 de 5');
    expect(screen.getByRole('button', { name: 'Página anterior' })).toHaveProperty('disabled', true);

    await userEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    await screen.findByText('3–4 de 5');
    await userEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    await screen.findByText('5–5 de 5');
    await screen.findByText('Aviso 1');
    expect(new URLSearchParams(location.current?.search).get('page')).toBe('3');
    expect(provider.getList).toHaveBeenLastCalledWith('emails', expect.objectContaining({ pagination: { page: 3, perPage: 2 } }));
    expect(screen.getByRole('button', { name: 'Próxima página' })).toHaveProperty('disabled', true);
  });

  it('a star shows at once through setEmailStarred, and goes back when the server refuses', async () => {
    const m = summary({ subject: 'Com estrela?' });
    const provider = fakeMailbox([m]);
    renderInPanel(<EmailPage />, provider);
    await screen.findByText('Com estrela?');

    await userEvent.click(within(rowOf('Com estrela?')).getByRole('button', { name: 'Marcar com estrela' }));
    expect(within(rowOf('Com estrela?')).getByRole('button', { name: 'Remover estrela' }).getAttribute('aria-pressed')).toBe('true');
    expect(provider.setEmailStarred).toHaveBeenCalledWith(m._id, true);

    provider.setEmailStarred.mockRejectedValueOnce(new Error('Email não encontrado.'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await userEvent.click(within(rowOf('Com estrela?')).getByRole('button', { name: 'Remover estrela' }));
    await within(rowOf('Com estrela?')).findByRole('button', { name: 'Remover estrela' });
    await screen.findByText('Erro ao atualizar o email: Email não encontrado.');
  });

  it("delete asks 'Tem certeza que deseja excluir este email?', then the row leaves the list", async () => {
    const m = summary({ subject: 'Para excluir' });
    const provider = fakeMailbox([m, summary({ subject: 'Fica' })]);
    renderInPanel(<EmailPage />, provider);
    await screen.findByText('Para excluir');

    await userEvent.click(within(rowOf('Para excluir')).getByRole('checkbox'));
    await userEvent.click(within(screen.getByRole('toolbar', { name: 'Ações' })).getByRole('button', { name: 'Excluir' }));
    const confirm = await screen.findByRole('dialog', { name: 'Excluir email' });
    expect(within(confirm).getByText('Tem certeza que deseja excluir este email?')).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));

    await waitFor(() => expect(within(list()).queryByText('Para excluir')).toBeNull());
    expect(provider.deleteEmail).toHaveBeenCalledWith(m._id);
    await screen.findByText('Movido para a Lixeira.');
  });

  it('says when the folder is loading, when it is empty, and when it could not be read', async () => {
    const provider = fakeMailbox([]);
    let answer: (value: GetListResult) => void = () => undefined;
    provider.getList = jest.fn(() => new Promise<GetListResult>((resolve) => (answer = resolve))) as typeof provider.getList;
    renderInPanel(<EmailPage />, provider);
    await screen.findByText('Carregando emails...');
    answer({ data: [], total: 0 });
    await screen.findByText('Nenhum email encontrado');

    const failing = fakeMailbox([]);
    failing.getList = jest.fn(async () => {
      throw new Error('fora do ar');
    }) as typeof failing.getList;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderInPanel(<EmailPage />, failing);
    await screen.findByText('Não foi possível carregar os emails.');
  });
});
