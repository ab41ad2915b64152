import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPortal } from '../testing/renderPortal';

const listCalls = (calls: { path: string }[]) =>
  calls.filter((c) => c.path.startsWith('/api/registros/me?')).map((c) => Object.fromEntries(new URL(c.path, 'http://x').searchParams));

describe("a list's filters and page live in its address", () => {
  it('a bookmarked address asks for that filter and page, and shows them in the filter bar', async () => {
    const view = renderPortal('/cliente/registros?busca=marca&status=pendente&pagina=2', (call) =>
      call.path.startsWith('/api/registros/me?') ? { data: [], total: 25 } : undefined,
    );
    await waitFor(() => expect(listCalls(view.calls)).toContainEqual({ filter: '{"q":"marca","status":"pendente"}', range: '[10,19]' }));
    expect((screen.getByLabelText('Buscar') as HTMLInputElement).value).toBe('marca');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('pendente');
  });

  it('a new choice goes to the address and starts again at the first page', async () => {
    const view = renderPortal('/cliente/registros?status=pendente&pagina=3', () => undefined);
    await screen.findByText('Nenhum registro encontrado para os filtros selecionados.');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'concluido' } });
    await waitFor(() => expect(view.location()).toBe('/cliente/registros?status=concluido'));
    await waitFor(() => expect(listCalls(view.calls)).toContainEqual({ filter: '{"status":"concluido"}', range: '[0,9]' }));
  });
});
