import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AvisoItem } from '@veritas/common';
import { renderAdmin } from '../testing/renderAdmin';
import { AvisosBell } from './AvisosBell';

const agora = Date.now();
const aviso = (id: string, titulo: string, link: string, lido: boolean, minutosAtras: number): AvisoItem => ({
  id,
  tipo: 'registro.atribuido',
  tipoLabel: 'Registro atribuído',
  titulo,
  link,
  lidoEm: lido ? new Date(agora).toISOString() : null,
  createdAt: new Date(agora - minutosAtras * 60_000).toISOString(),
});

function methods(naoLidos = 2) {
  let unread = naoLidos;
  const lista = [
    aviso('a1', 'Registro VR-2026-0001 atribuído a você por Pessoa master', '/painel/meu-registros/r1', false, 5),
    aviso('a2', 'Nova mensagem de Visitante: Abertura de Empresas', '/painel/mensagens', false, 60 * 3),
    aviso('a3', 'Pagamento de R$ 50,00 recebido no registro VR-2026-0002', '/painel/registros/r2', true, 60 * 24 * 3),
  ];
  return {
    listAvisos: jest.fn(async (n?: number) => ({ data: n === 1 ? lista.slice(0, 1) : lista, total: lista.length, naoLidos: unread })),
    marcarAvisoLido: jest.fn(async (id: string) => {
      unread -= 1;
      return { data: { ...lista.find((a) => a.id === id)!, lidoEm: new Date().toISOString() }, naoLidos: unread };
    }),
    marcarAvisosLidos: jest.fn(async () => {
      const marcados = unread;
      unread = 0;
      return { data: { marcados }, naoLidos: 0 };
    }),
  };
}

describe('AvisosBell (the panel bell)', () => {
  it('names the unread count on the button and lists the newest, each a full /painel link that marks it read', async () => {
    const m = methods();
    renderAdmin(<AvisosBell />, m, 'associado');
    const bell = await screen.findByRole('button', { name: 'Avisos, 2 não lidos' });
    fireEvent.click(bell);
    const menu = await screen.findByRole('menu');
    const first = await within(menu).findByRole('menuitem', { name: /VR-2026-0001 atribuído a você/ });
    // The full /painel path (the test's router is a hash router; the panel's has no basename).
    expect(first.getAttribute('href')).toMatch(/^#?\/painel\/meu-registros\/r1$/);
    expect(within(first).getByText(/há 5 min · Não lido/)).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: /Nova mensagem de Visitante/ }).textContent).toContain('há 3 h');
    const antigo = within(menu).getByRole('menuitem', { name: /R\$ 50,00/ });
    expect(antigo.textContent).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    expect(antigo.textContent).not.toContain('Não lido');

    // jsdom's router cannot navigate (no fetch Request): the click is stopped before it, and still marks the notice read.
    const stop = (e: Event) => e.preventDefault();
    document.addEventListener('click', stop, true);
    try {
      fireEvent.click(first);
    } finally {
      document.removeEventListener('click', stop, true);
    }
    await waitFor(() => expect(m.marcarAvisoLido).toHaveBeenCalledWith('a1'));
    await screen.findByRole('button', { name: 'Avisos, 1 não lido' });
  });

  it('"Marcar todas como lidas" empties the badge', async () => {
    const m = methods(2);
    renderAdmin(<AvisosBell />, m, 'master');
    fireEvent.click(await screen.findByRole('button', { name: 'Avisos, 2 não lidos' }));
    const todas = await screen.findByRole('button', { name: 'Marcar todas como lidas' });
    await waitFor(() => expect((todas as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(todas);
    await waitFor(() => expect(m.marcarAvisosLidos).toHaveBeenCalledTimes(1));
    await screen.findByRole('button', { name: 'Avisos', hidden: true });
  });

  it('says so when there is nothing yet', async () => {
    renderAdmin(<AvisosBell />, { listAvisos: async () => ({ data: [], total: 0, naoLidos: 0 }) }, 'diretoria');
    fireEvent.click(await screen.findByRole('button', { name: 'Avisos' }));
    await screen.findByText('Nenhum aviso por enquanto.');
    expect((screen.getByRole('button', { name: 'Marcar todas como lidas', hidden: true }) as HTMLButtonElement).disabled).toBe(true);
  });
});
