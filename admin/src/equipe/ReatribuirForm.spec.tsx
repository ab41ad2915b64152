import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PessoaCargaResponse } from '@veritas/common';
import { ApiError } from '@veritas/web';
import { clickWhenEnabled, renderAdmin } from '../testing/renderAdmin';
import { ReatribuirForm } from './ReatribuirForm';

const base = { username: 'x', email: 'x@veritas.com.br', userType: 'associado', vencidos: 0, venceEm5DiasUteis: 0, concluidosNoPeriodo: 0, leadTimeMedianoDiasUteis: null, etapasAguardando: 0, exigenciasAbertas: 0, ausencia: null };
const pessoa = (id: string, nomeCompleto: string, permissions: string[], abertos = 0, extra: Partial<PessoaCargaResponse> = {}): PessoaCargaResponse => ({
  ...base,
  id,
  nomeCompleto,
  permissions,
  abertos,
  ...extra,
});
const pessoas = [
  pessoa('ana', 'Ana Diretora', ['Diretoria'], 1),
  pessoa('bruno', 'Bruno Associado', ['Associados'], 3),
  pessoa('carla', 'Carla Associada', ['Associados'], 0, { ausencia: { id: 'a', userId: 'carla', tipo: 'ferias', de: '2026-01-01', ate: '2026-01-10', nota: null } }),
  pessoa('dora', 'Dora Financeiro', ['Financeiro']),
  pessoa('edu', 'Edu Suporte', ['Suporte']),
];

async function choose(label: RegExp, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const reatribuirClick = () => clickWhenEnabled(screen.getByRole('button', { name: 'Reatribuir' }));

function renderForm(reatribuir: jest.Mock) {
  return renderAdmin(<ReatribuirForm pessoas={pessoas} />, {
    reatribuir,
    getList: async () => ({ data: [{ id: 'r1', numero: '2026-000001', tipo: 'Consultoria' }], total: 1 }),
    getMany: async () => ({ data: [] }),
  });
}

describe('Reatribuir', () => {
  it('offers in "Para" only who works registros and is not away — no Financeiro, no Suporte — then asks before moving', async () => {
    const reatribuir = jest.fn().mockResolvedValue({ movidos: 3 });
    renderForm(reatribuir);
    await choose(/^De/, 'Bruno Associado (3)');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Para/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Ana Diretora']);
    fireEvent.click(screen.getByRole('option', { name: 'Ana Diretora' }));
    await reatribuirClick();
    const confirm = await screen.findByRole('dialog', { name: 'Confirmar reatribuição' });
    expect(confirm.textContent).toContain('Passar todos os registros abertos de Bruno Associado para Ana Diretora?');
    expect(reatribuir).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirmar' }));
    await screen.findByText('3 registros reatribuídos de Bruno Associado para Ana Diretora.');
    expect(reatribuir).toHaveBeenCalledWith('bruno', 'ana', []);
  });

  it('asks for Para, and puts the server’s refusal about the receiver under Para', async () => {
    const ausente = 'A pessoa escolhida está ausente (férias) de 01/01/2026 a 10/01/2026; escolha outra pessoa.';
    const reatribuir = jest.fn().mockRejectedValue(new ApiError(409, ausente, { statusCode: 409, message: ausente }));
    renderForm(reatribuir);
    expect((screen.getByRole('button', { name: 'Reatribuir' }) as HTMLButtonElement).disabled).toBe(true);
    await choose(/^De/, 'Ana Diretora (1)');
    await reatribuirClick();
    await screen.findByText('Obrigatório');
    expect(screen.queryByRole('dialog')).toBeNull();
    await choose(/^Para/, 'Bruno Associado');
    await reatribuirClick();
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Confirmar reatribuição' })).getByRole('button', { name: 'Confirmar' }));
    await screen.findByText(ausente);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('combobox', { name: /^Para/ }).closest('.MuiInputBase-root')?.classList.contains('Mui-error')).toBe(true);
    expect(reatribuir).toHaveBeenCalledWith('ana', 'bruno', []);
  });
});
