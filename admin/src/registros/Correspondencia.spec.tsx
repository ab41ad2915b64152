import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AdminContext, type DataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import type { CorrespondenciaLinha } from '@veritas/common';
import { i18nProvider } from '../providers/i18nProvider';
import { Correspondencia } from './Correspondencia';

const linha = (n: number, over: Partial<CorrespondenciaLinha> = {}): CorrespondenciaLinha => ({
  _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  subject: `Assunto ${n}`,
  from: 'joana@construtoraipe.com.br',
  fromName: 'Joana',
  date: '2026-03-02T12:00:00.000Z',
  folder: 'inbox',
  hasAttachments: false,
  ...over,
});

function renderWith(getCorrespondencia: jest.Mock) {
  const provider = { getCorrespondencia } as unknown as DataProvider;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter>
      <AdminContext dataProvider={provider} i18nProvider={i18nProvider} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <Correspondencia registroId="r1" />
        </QueryClientProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

describe("a registro's Correspondência (issue 56)", () => {
  it('lists subject, sender and date, each opening the message in the mailbox, page by page', async () => {
    const get = jest.fn(async (_id: string, page: number) => ({
      data: page === 1 ? [linha(1, { hasAttachments: true, folder: 'sent' }), linha(2, { fromName: null })] : [linha(11)],
      total: 11,
    }));
    renderWith(get);
    const list = await screen.findByRole('list', { name: 'E-mails do registro' });
    expect(get).toHaveBeenCalledWith('r1', 1, 10);
    const first = within(list).getByRole('link', { name: 'Assunto 1' });
    const href = new URL(first.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/painel/email');
    expect(href.searchParams.get('email')).toBe(linha(1)._id);
    expect(JSON.parse(href.searchParams.get('filter')!)).toEqual({ folder: 'sent' });
    expect(list.textContent).toContain('Joana <joana@construtoraipe.com.br> · 02/03/2026');
    expect(list.textContent).toContain('joana@construtoraipe.com.br · ');
    await userEvent.click(screen.getByRole('button', { name: /página 2/i }));
    expect(await within(screen.getByRole('list', { name: 'E-mails do registro' })).findByRole('link', { name: 'Assunto 11' })).toBeTruthy();
    expect(get).toHaveBeenLastCalledWith('r1', 2, 10);
  });

  it('says so when no mail of one’s own mailbox is linked', async () => {
    renderWith(jest.fn(async () => ({ data: [], total: 0 })));
    expect(await screen.findByText('Nenhum e-mail da sua caixa está vinculado a este registro.')).toBeTruthy();
  });
});
