import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProcessoModeloResponse } from '@veritas/common';
import { ApiError } from '@veritas/web';
import { clickWhenEnabled, renderAdmin } from '../testing/renderAdmin';
import { EtapasModeloForm } from './EtapasModeloForm';

const modelo: ProcessoModeloResponse = {
  servico: 'certidao-simplificada',
  nome: 'Certidão Simplificada',
  etapas: [
    { nome: 'Pedido na Junta', responsavelTipo: 'escritorio', duracaoDiasUteis: 1 },
    { nome: 'Emissão', responsavelTipo: 'junta', duracaoDiasUteis: 2 },
  ],
  personalizado: false,
  atualizadoEm: null,
  atualizadoPor: null,
};

const etapa = (n: number) => screen.getByRole('listitem', { name: `Etapa ${n}` });
const nome = (n: number) => within(etapa(n)).getByLabelText('Nome') as HTMLInputElement;
const salvar = () => clickWhenEnabled(screen.getByRole('button', { name: 'Salvar modelo' }));

function renderForm(putModelo: jest.Mock) {
  return renderAdmin(<EtapasModeloForm modelo={modelo} checklist={[]} />, { putModelo });
}

describe('the stage template form', () => {
  it('shows the shared rule’s refusal under the stage’s own name and sends nothing', async () => {
    const putModelo = jest.fn();
    renderForm(putModelo);
    await waitFor(() => expect(nome(2).value).toBe('Emissão'));
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar etapa' }));
    await salvar();
    await within(etapa(3)).findByText('Etapa 3: o nome é obrigatório e deve ter de 1 a 120 caracteres.');
    expect(nome(3).getAttribute('aria-invalid')).toBe('true');
    expect(nome(1).getAttribute('aria-invalid')).toBe('false');
    expect(putModelo).not.toHaveBeenCalled();
  });

  it('sends the stages in their new order, names trimmed', async () => {
    const putModelo = jest.fn().mockResolvedValue(modelo);
    renderForm(putModelo);
    await waitFor(() => expect(nome(1).value).toBe('Pedido na Junta'));
    fireEvent.change(nome(2), { target: { value: '  Emissão da certidão ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subir a etapa 2' }));
    expect(nome(1).value).toBe('  Emissão da certidão ');
    await salvar();
    await waitFor(() => expect(putModelo).toHaveBeenCalledTimes(1));
    expect(putModelo).toHaveBeenCalledWith('certidao-simplificada', [
      { nome: 'Emissão da certidão', responsavelTipo: 'junta', duracaoDiasUteis: 2 },
      { nome: 'Pedido na Junta', responsavelTipo: 'escritorio', duracaoDiasUteis: 1 },
    ]);
    await screen.findByText('Modelo de etapas salvo. Vale para os registros criados a partir de agora.');
  });

  it('puts the server’s refusal on the input it names, and one naming none above the buttons', async () => {
    const byField = new ApiError(400, 'Etapa 2: responsável inválido.', { message: 'Etapa 2: responsável inválido.', errors: { 'etapas.1.responsavelTipo': 'Etapa 2: responsável inválido.' } });
    const putModelo = jest.fn().mockRejectedValueOnce(byField).mockRejectedValueOnce(new ApiError(404, 'Serviço não encontrado: os modelos de etapas são dos serviços do catálogo.'));
    renderForm(putModelo);
    await waitFor(() => expect(nome(1).value).toBe('Pedido na Junta'));
    fireEvent.change(nome(1), { target: { value: 'Pedido' } });
    await salvar();
    await within(etapa(2)).findByText('Etapa 2: responsável inválido.');
    expect(within(etapa(2)).getByRole('combobox', { name: /Responsável/ }).closest('.MuiInputBase-root')?.classList.contains('Mui-error')).toBe(true);
    await salvar();
    const alert = (await screen.findByText('Serviço não encontrado: os modelos de etapas são dos serviços do catálogo.')).closest('[role="alert"]');
    expect(alert?.classList.contains('MuiAlert-root')).toBe(true);
    expect(within(etapa(2)).queryByText('Etapa 2: responsável inválido.')).toBeNull();
    expect(putModelo).toHaveBeenCalledTimes(2);
  });
});
