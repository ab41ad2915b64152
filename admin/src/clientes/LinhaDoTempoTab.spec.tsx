import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GetListParams } from 'react-admin';
import type { LinhaDoTempoItem } from '@veritas/common';
import { renderAdmin } from '../testing/renderAdmin';
import { LinhaDoTempoTab } from './LinhaDoTempoTab';

const R = 'clientes/c1/linha-do-tempo';
const linha = (n: number, over: Partial<LinhaDoTempoItem & { id: string }> = {}) => ({
  id: `registro:r${n}`,
  _id: `registro:r${n}`,
  tipo: 'registro',
  tipoLabel: 'Registro',
  data: '2026-03-02T15:30:00.000Z',
  titulo: `Registro 2026-00000${n} aberto: Abertura de empresa`,
  registroId: `r${n}`,
  protocolo: `2026-00000${n}`,
  link: `/painel/registros/r${n}`,
  ...over,
});

function provider(rows: ReturnType<typeof linha>[], total = rows.length) {
  return {
    getList: jest.fn(async (resource: string, params: GetListParams) => {
      if (resource === 'registros') return { data: [{ id: 'r1', numero: '2026-000001', tipo: 'Abertura de empresa' }], total: 1 };
      const tipos = params.filter.tipo as string[] | undefined;
      const data = tipos?.length ? rows.filter((r) => tipos.includes(r.tipo)) : rows;
      return { data, total: tipos?.length ? data.length : total };
    }),
    getMany: jest.fn(async () => ({ data: [{ id: 'r1', numero: '2026-000001', tipo: 'Abertura de empresa' }] })),
  };
}

describe("a client's Linha do tempo (issue 56)", () => {
  it('asks the client’s timeline newest first, ten a page, and each line opens its record', async () => {
    const methods = provider(
      [
        linha(1),
        linha(2, { id: 'email:m1', _id: 'email:m1', tipo: 'email', tipoLabel: 'E-mail', titulo: 'E-mail recebido de Joana: Contrato', link: '/painel/email?email=m1' }),
      ],
      12,
    );
    renderAdmin(<LinhaDoTempoTab clienteId="c1" />, methods);
    const table = await screen.findByRole('table', { name: 'Linha do tempo' });
    expect(methods.getList).toHaveBeenCalledWith(R, expect.objectContaining({ sort: { field: 'data', order: 'DESC' }, pagination: { page: 1, perPage: 10 }, filter: {} }));
    const link = within(table).getByRole('link', { name: 'E-mail recebido de Joana: Contrato' });
    // (AdminContext's own router is a hash router: the path is after the '#'.)
    const href = (a: HTMLElement) => a.getAttribute('href')?.replace(/^#/, '');
    expect(href(link)).toBe('/painel/email?email=m1');
    expect(href(within(table).getByRole('link', { name: /^Registro 2026-000001 aberto/ }))).toBe('/painel/registros/r1');
    expect(table.textContent).toContain('02/03/2026 12:30');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Quando', 'Tipo', 'O que aconteceu']);
    expect(await screen.findByText('1-10 de 12')).toBeTruthy();
  });

  it('filters by kind (several at once) through the list’s filter', async () => {
    const methods = provider([linha(1), linha(2, { id: 'exigencia:e1', _id: 'exigencia:e1', tipo: 'exigencia', tipoLabel: 'Exigência', titulo: 'Exigência no registro 2026-000002: Falta o contrato' })]);
    renderAdmin(<LinhaDoTempoTab clienteId="c1" />, methods);
    await screen.findByRole('table', { name: 'Linha do tempo' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Tipo' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Exigência' }));
    await userEvent.click(screen.getByRole('option', { name: 'Pagamento' }));
    await waitFor(() => expect(methods.getList).toHaveBeenLastCalledWith(R, expect.objectContaining({ filter: { tipo: ['exigencia', 'pagamento'] } })));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('link', { name: /^Registro 2026-000001/ })).toBeNull());
    expect(screen.getByRole('link', { name: 'Exigência no registro 2026-000002: Falta o contrato' })).toBeTruthy();
  });

  it('says so when nothing happened yet', async () => {
    renderAdmin(<LinhaDoTempoTab clienteId="c1" />, provider([]));
    expect(await screen.findByText('Nada registrado para este cliente ainda.')).toBeTruthy();
  });
});
