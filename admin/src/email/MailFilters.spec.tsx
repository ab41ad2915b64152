import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GetListParams, GetOneParams } from 'react-admin';
import EmailPage from './EmailPage';
import { fakeMailbox, filterOf, renderInPanel, summary } from './testKit';

const CLIENTE = { _id: 'c1', id: 'c1', razaoSocial: 'Construtora Ipê Ltda', cnpj: '11222333000181' };
const REGISTRO = { _id: 'r1', id: 'r1', numero: '2026-000742', clienteNome: 'Construtora Ipê Ltda' };

/** The mailbox's provider, also answering the pickers' clientes and registros. */
function provider() {
  const p = fakeMailbox([summary({ subject: 'Da construtora' })]);
  const emails = p.getList;
  const getList = jest.fn(async (resource: string, params: GetListParams): Promise<any> => {
    if (resource === 'clientes') return { data: [CLIENTE], total: 1 };
    if (resource === 'registros') return { data: [REGISTRO], total: 1 };
    return emails(resource, params);
  });
  p.getList = getList;
  p.getOne = jest.fn(async (resource: string, params: GetOneParams): Promise<any> => {
    if (resource === 'clientes' && params.id === 'c1') return { data: CLIENTE };
    if (resource === 'registros' && params.id === 'r1') return { data: REGISTRO };
    throw new Error('Registro não encontrado.');
  });
  return Object.assign(p, { getList });
}
const filtersGroup = () => screen.getByRole('group', { name: 'Filtrar por cliente ou registro' });
const emailsCalls = (p: ReturnType<typeof provider>) => p.getList.mock.calls.filter((c) => c[0] === 'emails').map((c) => c[1].filter);

describe('the mailbox narrowed to a client or a registro (issue 56)', () => {
  it('opens filtered from the address, names the client, and asks the list for it', async () => {
    const p = provider();
    const url = `/painel/email?${new URLSearchParams({ filter: JSON.stringify({ folder: 'inbox', clienteId: 'c1', registroId: 'oculto' }) })}`;
    renderInPanel(<EmailPage />, p, url);
    await screen.findByText('Da construtora');
    expect(emailsCalls(p)).toContainEqual({ folder: 'inbox', clienteId: 'c1', registroId: 'oculto' });
    const cliente = within(filtersGroup()).getByRole('combobox', { name: 'Cliente' }) as HTMLInputElement;
    await waitFor(() => expect(cliente.value).toBe('Construtora Ipê Ltda'));
    // A registro the caller may not read keeps a neutral name (no 'Carregando...' for ever).
    const registro = within(filtersGroup()).getByRole('combobox', { name: 'Registro' }) as HTMLInputElement;
    await waitFor(() => expect(registro.value).toBe('Registro escolhido'));
    // The registro picker searches only once opened.
    expect(p.getList.mock.calls.some((c) => c[0] === 'registros')).toBe(false);
  });

  it("choosing a registro (the chosen client's only) narrows the list; clearing the client widens it", async () => {
    const p = provider();
    const url = `/painel/email?${new URLSearchParams({ filter: JSON.stringify({ folder: 'inbox', clienteId: 'c1' }) })}`;
    const { location } = renderInPanel(<EmailPage />, p, url);
    await screen.findByText('Da construtora');
    const registro = within(filtersGroup()).getByRole('combobox', { name: 'Registro' });
    await userEvent.type(registro, '0742');
    await userEvent.click(await screen.findByRole('option', { name: '2026-000742 — Construtora Ipê Ltda' }));
    await waitFor(() => expect(filterOf(location.current)).toEqual({ folder: 'inbox', clienteId: 'c1', registroId: 'r1' }));
    expect(p.getList).toHaveBeenCalledWith('registros', expect.objectContaining({ filter: { clienteId: 'c1', q: '0742' } }));
    await waitFor(() => expect(emailsCalls(p)).toContainEqual({ folder: 'inbox', clienteId: 'c1', registroId: 'r1' }));

    const cliente = within(filtersGroup()).getByRole('combobox', { name: 'Cliente' });
    await userEvent.clear(cliente);
    await waitFor(() => expect(filterOf(location.current)).toEqual({ folder: 'inbox', registroId: 'r1' }));
    expect((within(filtersGroup()).getByRole('combobox', { name: 'Registro' }) as HTMLInputElement).value).toBe('2026-000742 — Construtora Ipê Ltda');
  });
});
