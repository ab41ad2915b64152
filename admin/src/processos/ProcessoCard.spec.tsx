import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderAdmin } from '../testing/renderAdmin';
import { ProcessoCard } from './ProcessoCard';
import type { Card } from './useBoard';

const registro = {
  _id: 'r-1',
  id: 'r-1',
  numero: '2026-000042',
  clienteNome: 'Café Aurora Ltda',
  prazo: null,
  prazoPausado: false,
  diasUteisRestantes: null,
  vencido: false,
  encerradoEm: null,
  etapaAtual: 'DBE',
  etapaDesde: new Date(Date.now() - 2 * 86_400_000).toISOString(),
  emExigencia: false,
  exigenciaPrazo: null,
} as Card;

const antes = { key: 'Viabilidade', titulo: 'Viabilidade' };
const depois = { key: 'Protocolo', titulo: 'Protocolo' };

function renderCard(userType: string, onMove = jest.fn()) {
  renderAdmin(<ProcessoCard r={registro} antes={antes} depois={depois} busyId={null} onMove={onMove} />, {}, userType);
  return onMove;
}

describe('a card of the Processos board', () => {
  it.each([
    ['diretoria', '/painel/registros/r-1'],
    ['master', '/painel/registros/r-1'],
    ['associado', '/painel/meu-registros/r-1'],
  ])('for a %s, opens the registro at %s (the screen that person may open)', async (userType, href) => {
    renderCard(userType);
    const card = await screen.findByTestId('processo-card');
    expect(card.getAttribute('aria-label')).toBe('2026-000042 Café Aurora Ltda');
    // The test's router is react-admin's default (a hash router); the panel's is the browser's.
    await waitFor(() => expect(within(card).getByRole('link', { name: '2026-000042' }).getAttribute('href')).toBe(`#${href}`));
    expect(card.textContent).toContain('2 dias na etapa');
  });

  it('moves one column with ← and → on the focused card, and with its buttons', async () => {
    const onMove = renderCard('associado');
    const card = await screen.findByTestId('processo-card');
    fireEvent.keyDown(card, { key: 'ArrowRight' });
    fireEvent.keyDown(card, { key: 'ArrowLeft' });
    fireEvent.click(within(card).getByRole('button', { name: 'Avançar o registro 2026-000042 uma etapa' }));
    expect(onMove.mock.calls).toEqual([['Protocolo'], ['Viabilidade'], ['Protocolo']]);
  });
});
