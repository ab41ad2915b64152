import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AusenciaResponse, PessoaCargaResponse } from '@veritas/common';
import { ApiError } from '@veritas/web';
import { clickWhenEnabled, renderAdmin } from '../testing/renderAdmin';
import { AusenciasDialog } from './AusenciasDialog';

const carla = { id: 'carla', nomeCompleto: 'Carla Associada', permissions: ['Associados'] } as PessoaCargaResponse;
const licenca: AusenciaResponse = { id: 'a1', userId: 'carla', tipo: 'licenca', de: '2026-03-02', ate: '2026-03-06', nota: 'Cirurgia' };

async function openDialog(methods: Record<string, unknown>, ausencias = jest.fn().mockResolvedValue([licenca])) {
  renderAdmin(<AusenciasDialog pessoa={carla} onClose={() => undefined} />, { ausencias, ...methods }, 'diretoria');
  const dialog = await screen.findByRole('dialog', { name: 'Ausências de Carla Associada' });
  await within(dialog).findByText('Cirurgia');
  return dialog;
}

const input = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(new RegExp(`^${label}`));
const fill = (dialog: HTMLElement, label: string, value: string) => fireEvent.change(input(dialog, label), { target: { value } });

const adicionar = (dialog: HTMLElement) => clickWhenEnabled(within(dialog).getByRole('button', { name: 'Adicionar ausência' }));

describe('Ausências', () => {
  it('lists the absences and records a new one; the server’s refusal of the days lands under Até', async () => {
    const order = 'O último dia da ausência deve ser igual ou posterior ao primeiro.';
    const criarAusencia = jest.fn().mockRejectedValueOnce(new ApiError(400, order, { statusCode: 400, message: order })).mockResolvedValueOnce(licenca);
    const dialog = await openDialog({ criarAusencia });
    const linha = within(dialog).getByText('Licença').closest('tr')!;
    expect(linha.textContent).toContain('02/03/2026');
    expect(linha.textContent).toContain('06/03/2026');
    fill(dialog, 'De', '2026-04-10');
    fill(dialog, 'Até', '2026-04-01');
    await adicionar(dialog);
    await within(dialog).findByText(order);
    expect(input(dialog, 'Até').getAttribute('aria-invalid')).toBe('true');
    expect(input(dialog, 'De').getAttribute('aria-invalid')).toBe('false');
    fill(dialog, 'Até', '2026-04-20');
    fill(dialog, 'Nota', '   ');
    await adicionar(dialog);
    await waitFor(() => expect(criarAusencia).toHaveBeenCalledTimes(2));
    expect(criarAusencia).toHaveBeenLastCalledWith('carla', { tipo: 'ferias', de: '2026-04-10', ate: '2026-04-20', nota: null });
    // Saved: a new, empty form takes its place.
    await waitFor(() => expect((input(dialog, 'De') as HTMLInputElement).value).toBe(''));
    expect(input(dialog, 'Até').getAttribute('aria-invalid')).toBe('false');
  });

  it('asks for the days before calling the server, and deletes an absence', async () => {
    const criarAusencia = jest.fn();
    const excluirAusencia = jest.fn().mockResolvedValue(licenca);
    const ausencias = jest.fn().mockResolvedValueOnce([licenca]).mockResolvedValue([]);
    const dialog = await openDialog({ criarAusencia, excluirAusencia }, ausencias);
    fill(dialog, 'Nota', 'Congresso');
    await adicionar(dialog);
    await waitFor(() => expect(within(dialog).getAllByText('Obrigatório')).toHaveLength(2));
    expect(criarAusencia).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir ausência de 02/03/2026' }));
    await waitFor(() => expect(excluirAusencia).toHaveBeenCalledWith('carla', 'a1'));
    // The list is read again: the absence is gone.
    await within(dialog).findByText('Nenhuma ausência registrada.');
    expect(within(dialog).queryByText('Cirurgia')).toBeNull();
  });
});
