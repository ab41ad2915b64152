import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatDateTimeBR, type NovidadeResponse, PORTAL_PATHS } from '@veritas/common';
import { type Call, renderPortal } from '../testing/renderPortal';

const REGISTRO = '5f0c1e9a-3b2d-4c8e-9a7f-1d2e3f4a5b6c';

function novidades(): NovidadeResponse[] {
  return [
    { _id: 'n3', evento: 'registro.status', titulo: 'Registro 2026-000042: em andamento', link: PORTAL_PATHS.registro(REGISTRO), lidaEm: null, createdAt: '2026-12-07T15:04:00.000Z' },
    { _id: 'n2', evento: 'cobranca.emitida', titulo: 'Nova cobrança: R$ 321,00, vencimento 10/02/2027', link: PORTAL_PATHS.cobranca('cb1'), lidaEm: null, createdAt: '2026-12-06T12:00:00.000Z' },
    { _id: 'n1', evento: 'cliente.boas-vindas', titulo: 'Boas-vindas à Veritas', link: PORTAL_PATHS.dashboard, lidaEm: '2026-12-05T10:00:00.000Z', createdAt: '2026-12-05T09:00:00.000Z' },
  ];
}

/** A fake server keeping the notices: reads, one marked read, all marked read. */
function server(rows = novidades()) {
  const naoLidas = () => rows.filter((n) => !n.lidaEm).length;
  return (call: Call) => {
    if (call.path.startsWith('/api/clientes/me/novidades?')) return { status: 200, body: { data: rows, total: rows.length, naoLidas: naoLidas() } };
    const one = /^\/api\/clientes\/me\/novidades\/([^/]+)\/lida$/.exec(call.path);
    if (one && call.method === 'POST') {
      const n = rows.find((r) => r._id === one[1])!;
      n.lidaEm ??= '2026-12-07T16:00:00.000Z';
      return { data: n };
    }
    if (call.path === '/api/clientes/me/novidades/lidas' && call.method === 'POST') {
      const marcadas = naoLidas();
      for (const n of rows) n.lidaEm ??= '2026-12-07T16:00:00.000Z';
      return { data: { marcadas } };
    }
    if (call.path === `/api/registros/${REGISTRO}`) return { data: { _id: REGISTRO, numero: '2026-000042', tipo: 'Abertura', status: 'andamento', historico: [], data: '2026-03-02T12:00:00Z' } };
    return undefined;
  };
}

describe('Novidades', () => {
  it('the header says how many are unread, and opens the list', async () => {
    renderPortal(PORTAL_PATHS.dashboard, server());
    const button = await screen.findByRole('button', { name: 'Novidades, 2 não lidas' });
    expect(button.querySelector('.badge')?.textContent).toBe('2');
    fireEvent.click(button);
    await screen.findByRole('dialog', { name: 'Novidades' });
  });

  it('lists each notice with its date, the unread ones marked; opening one marks it read and goes to its screen', async () => {
    const view = renderPortal(PORTAL_PATHS.novidades, server());
    const dialog = await screen.findByRole('dialog', { name: 'Novidades' });
    const items = await within(dialog).findAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.novidade__titulo')?.textContent)).toEqual([
      'Registro 2026-000042: em andamento',
      'Nova cobrança: R$ 321,00, vencimento 10/02/2027',
      'Boas-vindas à Veritas',
    ]);
    expect(within(items[0]).getByText(formatDateTimeBR('2026-12-07T15:04:00.000Z')).textContent).toBe('07/12/2026 12:04');
    expect(items.map((li) => !!within(li).queryByText('Não lida'))).toEqual([true, true, false]);
    expect(within(dialog).getByText('2 novidades não lidas.')).toBeTruthy();

    fireEvent.click(within(items[0]).getByRole('link', { name: /Registro 2026-000042: em andamento/ }));
    await screen.findByRole('dialog', { name: 'Registro 2026-000042' });
    expect(view.location()).toBe(PORTAL_PATHS.registro(REGISTRO));
    await waitFor(() => expect(view.calls.some((c) => c.method === 'POST' && c.path === '/api/clientes/me/novidades/n3/lida')).toBe(true));
    await screen.findByRole('button', { name: 'Novidades, 1 não lida' });
  });

  it('"Marcar todas como lidas" clears the badge; a read one opened asks nothing', async () => {
    const view = renderPortal(PORTAL_PATHS.novidades, server());
    const dialog = await screen.findByRole('dialog', { name: 'Novidades' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Marcar todas como lidas' }));
    await within(dialog).findByText('Nenhuma novidade não lida.');
    await screen.findByRole('button', { name: 'Novidades' });
    expect(within(dialog).queryByText('Não lida')).toBeNull();
    expect((within(dialog).getByRole('button', { name: 'Marcar todas como lidas' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(dialog).getByRole('link', { name: /Boas-vindas/ }));
    await waitFor(() => expect(view.location()).toBe(PORTAL_PATHS.dashboard));
    expect(view.calls.filter((c) => c.path.endsWith('/lida'))).toEqual([]);
  });

  it('with nothing yet, says so', async () => {
    renderPortal(PORTAL_PATHS.novidades, server([]));
    const dialog = await screen.findByRole('dialog', { name: 'Novidades' });
    await within(dialog).findByText(/Nenhuma novidade por enquanto/);
    expect(screen.getByRole('button', { name: 'Novidades' })).toBeTruthy();
  });
});
