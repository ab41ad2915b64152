import { render, screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { lazyScreen, preloadScreens } from './lazyScreen';

/** A screen whose module load is counted and held until the test lets it go. */
function counted(text: string) {
  const loads: string[] = [];
  let release: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (release = resolve));
  const Screen = lazyScreen(
    () => {
      loads.push(text);
      return ready.then(() => ({ Tela: () => <p>{text}</p> }));
    },
    'Tela',
    <p role="status">Carregando...</p>,
  );
  return { Screen, loads, release };
}

describe('lazyScreen and preloadScreens (ADR 0059)', () => {
  it('shows the fallback until the module arrives, then the screen; the module is fetched once', async () => {
    const { Screen, loads, release } = counted('Registros');
    const view = render(<Screen />);
    expect(screen.getByRole('status').textContent).toBe('Carregando...');
    release();
    await screen.findByText('Registros');
    view.rerender(<Screen />);
    await Screen.preload();
    expect(loads).toEqual(['Registros']);
  });

  it("fetches the code of every screen the address matches (its tab and its dialog), and no other's", () => {
    const tab = counted('Registros');
    const dialog = counted('Registro');
    const other = counted('Financeiro');
    const routes: RouteObject[] = [
      {
        path: '/cliente',
        children: [
          { element: <tab.Screen />, children: [{ path: 'registros/:id', element: <dialog.Screen /> }] },
          { path: 'financeiro', element: <other.Screen /> },
        ],
      },
    ];
    preloadScreens(routes, '/cliente/registros/42');
    expect([...tab.loads, ...dialog.loads, ...other.loads]).toEqual(['Registros', 'Registro']);
  });
});
