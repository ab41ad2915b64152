import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GetListParams, GetManyParams } from 'react-admin';
import EmailPage from './EmailPage';
import { fakeMailbox, filterOf, renderInPanel, summary } from './testKit';

const CLIENTE = { _id: 'c1', id: 'c1', razaoSocial: 'Construtora Ipê Ltda', cnpj: '11222333000181' };
const REGISTRO = { _id: 'r1', id: 'r1', numero: '2026-000742', clienteNome: 'Construtora Ipê Ltda' };
const RECORDS: Record<string, { id: string }[]> = { clientes: [CLIENTE], registros: [REGISTRO] };

/** The mailbox's provider, also answering the reference inputs' clientes and registros. */
function provider() {
  const p = fakeMailbox([summary({ subject: 'Da construtora' })]);
  const emails = p.getList;
  const getList = jest.fn(async (resource: string, params: GetListParams): Promise<any> => {
    if (RECORDS[resource]) return { data: RECORDS[resource], total: RECORDS[resource].length };
    return emails(resource, params);
  });
  const getMany = jest.fn(async (resource: string, params: GetManyParams): Promise<any> => ({ data: (RECORDS[resource] ?? []).filter((r) => params.ids.includes(r.id)) }));
  return Object.assign(p, { getList, getMany });
}
const filtersGroup = () => screen.getByRole('group', { name: 'Filtrar por cliente ou registro' });
const combo = (name: string) => within(filtersGroup()).getByRole('combobox', { name }) as HTMLInputElement;
const emailsCalls = (p: ReturnType<typeof provider>) => p.getList.mock.calls.filter((c) => c[0] === 'emails').map((c) => c[1].filter);
const at = (filter: Record<string, unknown>) => `/painel/email?${new URLSearchParams({ filter: JSON.stringify(filter) })}`;

describe('the mailbox narrowed to a client or a registro (issue 56)', () => {
  it('opens filtered from the address, names the client, and asks the list for it', async () => {
    const p = provider();
    renderInPanel(<EmailPage />, p, at({ folder: 'inbox', clienteId: 'c1' }));
    await screen.findByText('Da construtora');
    expect(emailsCalls(p)).toContainEqual({ folder: 'inbox', clienteId: 'c1' });
    await waitFor(() => expect(combo('Cliente').value).toBe('Construtora Ipê Ltda'));
    // Nothing is searched for the pickers until something is typed (the client's registros aside).
    expect(p.getList.mock.calls.some((c) => c[0] === 'clientes')).toBe(false);
  });

  it("choosing a registro (among the chosen client's) narrows the list; clearing the client widens it", async () => {
    const p = provider();
    const { location } = renderInPanel(<EmailPage />, p, at({ folder: 'inbox', clienteId: 'c1' }));
    await screen.findByText('Da construtora');
    await userEvent.click(combo('Registro'));
    await userEvent.click(await screen.findByRole('option', { name: '2026-000742 — Construtora Ipê Ltda' }));
    await waitFor(() => expect(filterOf(location.current)).toEqual({ folder: 'inbox', clienteId: 'c1', registroId: 'r1' }));
    expect(p.getList).toHaveBeenCalledWith('registros', expect.objectContaining({ filter: { clienteId: 'c1' } }));
    await waitFor(() => expect(emailsCalls(p)).toContainEqual({ folder: 'inbox', clienteId: 'c1', registroId: 'r1' }));
    await waitFor(() => expect(combo('Registro').value).toBe('2026-000742 — Construtora Ipê Ltda'));

    await userEvent.clear(combo('Cliente'));
    await waitFor(() => expect(filterOf(location.current)).toEqual({ folder: 'inbox', registroId: 'r1' }));
  });

  it('a client is found by typing, and chosen into the address', async () => {
    const p = provider();
    const { location } = renderInPanel(<EmailPage />, p);
    await screen.findByText('Da construtora');
    await userEvent.type(combo('Cliente'), 'Ipê');
    await userEvent.click(await screen.findByRole('option', { name: 'Construtora Ipê Ltda' }));
    await waitFor(() => expect(filterOf(location.current)).toMatchObject({ clienteId: 'c1' }));
    expect(p.getList).toHaveBeenCalledWith('clientes', expect.objectContaining({ filter: { q: 'Ipê' } }));
  });
});
