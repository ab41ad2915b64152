import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AdminContext, type AuthProvider, type DataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { CAPACIDADES_PADRAO, type MembroResponse } from '@veritas/common';
import { i18nProvider } from '../providers/i18nProvider';
import { MembrosTab } from './MembrosTab';

const membro = (over: Partial<MembroResponse>): MembroResponse => ({
  _id: 'm1',
  nome: 'João Padeiro',
  email: 'joao@paoquente.com.br',
  cpf: null,
  papel: 'responsavel',
  papelLabel: 'Responsável',
  capacidades: [...CAPACIDADES_PADRAO.responsavel],
  status: 'ativo',
  conviteExpiraEm: null,
  createdAt: '2026-12-01T12:00:00.000Z',
  ...over,
});

function renderAs(userType: string, methods: Record<string, jest.Mock>) {
  const dataProvider = { getOne: jest.fn(), ...methods } as unknown as DataProvider;
  const authProvider: AuthProvider = { login: async () => undefined, logout: async () => undefined, checkAuth: async () => undefined, checkError: async () => undefined, getPermissions: async () => userType };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <MembrosTab clienteId="c1" />
        </QueryClientProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

describe("a client's Membros tab (issue 54)", () => {
  it('staff who edit clients invite with the shared rules checked first, and resend an invitation', async () => {
    const convidado = membro({ _id: 'm2', nome: 'Ana', email: 'ana@contabil.com.br', papel: 'contador', papelLabel: 'Contador', status: 'convidado', conviteExpiraEm: '2026-12-14T12:00:00.000Z', capacidades: ['ver_documentos'] });
    const methods = {
      getClienteMembros: jest.fn(async () => ({ data: [membro({}), convidado] })),
      convidarMembro: jest.fn(async (_id: string, body: { email: string }) => ({ data: membro({ _id: 'm3', email: body.email, status: 'convidado' }) })),
      reenviarConviteMembro: jest.fn(async () => ({ data: convidado })),
    };
    renderAs('associado', methods);
    const row = (await screen.findByText('Ana')).closest('tr')!;
    expect(within(row).getByText('Convite vale até 14/12/2026')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Reenviar convite' }));
    await waitFor(() => expect(methods.reenviarConviteMembro).toHaveBeenCalledWith('c1', 'm2'));

    fireEvent.click(screen.getByRole('button', { name: 'Convidar membro' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Nome/), { target: { value: 'Bruno' } });
    fireEvent.change(within(dialog).getByLabelText(/^E-mail/), { target: { value: 'bruno@' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar convite' }));
    expect(await within(dialog).findByText('E-mail inválido')).toBeTruthy();
    expect(methods.convidarMembro).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText(/^E-mail/), { target: { value: 'bruno@exemplo.com.br' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar convite' }));
    await waitFor(() =>
      expect(methods.convidarMembro).toHaveBeenCalledWith('c1', { nome: 'Bruno', email: 'bruno@exemplo.com.br', papel: 'colaborador', capacidades: ['enviar_documentos', 'ver_documentos'] }),
    );
  });

  it('staff who only read clients see the members without actions', async () => {
    renderAs('suporte', { getClienteMembros: jest.fn(async () => ({ data: [membro({})] })) });
    await screen.findByText('João Padeiro');
    expect(screen.queryByRole('button', { name: 'Convidar membro' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Alterar papel' })).toBeNull();
  });
});
