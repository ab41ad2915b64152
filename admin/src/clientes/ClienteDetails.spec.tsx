import { render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, ShowBase, type AuthProvider, type DataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { i18nProvider } from '../providers/i18nProvider';
import { ClienteDetails } from './ClienteDetails';

const CLIENTE = { id: 'c1', _id: 'c1', razaoSocial: 'Construtora Ipê Ltda', cnpj: '11222333000181', email: 'contato@construtoraipe.com.br', status: 'ativo', tipoCliente: null };

function renderAs(userType: string | null) {
  const dataProvider = { getOne: jest.fn(async () => ({ data: CLIENTE })) } as unknown as DataProvider;
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => userType,
  };
  render(
    <MemoryRouter initialEntries={['/painel/clientes/c1/show']}>
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ShowBase resource="clientes" id="c1">
          <ClienteDetails onEdit={jest.fn()} onDelete={jest.fn()} onClose={jest.fn()} />
        </ShowBase>
      </AdminContext>
    </MemoryRouter>,
  );
}

describe("a client's details (issue 56: its mail)", () => {
  it('"Emails do cliente" opens the mailbox narrowed to the client, for staff', async () => {
    renderAs('associado');
    const link = await screen.findByRole('link', { name: 'Emails do cliente' });
    const href = link.getAttribute('href')!;
    expect(href.startsWith('/painel/email?')).toBe(true);
    expect(JSON.parse(new URLSearchParams(href.split('?')[1]).get('filter')!)).toEqual({ folder: 'inbox', clienteId: 'c1' });
  });

  it('is not offered without a mailbox', async () => {
    renderAs(null);
    await screen.findByText('Construtora Ipê Ltda');
    expect(screen.queryByRole('link', { name: 'Emails do cliente' })).toBeNull();
  });
});
