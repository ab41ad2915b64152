import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChecklistModeloResponse } from '@veritas/common';
import { ApiError } from '@veritas/web';
import { clickWhenEnabled, renderAdmin } from '../testing/renderAdmin';
import { ChecklistModeloForm } from './ChecklistModeloForm';

const checklist: ChecklistModeloResponse = {
  servico: 'certidao-simplificada',
  nome: 'Certidão Simplificada',
  itens: [{ chave: 'rg-socios', nome: 'RG dos sócios', descricao: null, obrigatorio: true }],
};

const doc = (n: number) => screen.getByRole('listitem', { name: `Documento ${n}` });
const campo = (n: number, label: string) => within(doc(n)).getByLabelText(label, { exact: true }) as HTMLInputElement;
const salvar = () => clickWhenEnabled(screen.getByRole('button', { name: 'Salvar checklist' }));

describe('the document checklist form', () => {
  it('says beside each item what the shared rule refuses (a bad key, a key used twice) and sends nothing', async () => {
    const putChecklistModelo = jest.fn();
    renderAdmin(<ChecklistModeloForm checklist={checklist} />, { putChecklistModelo });
    await waitFor(() => expect(campo(1, 'Chave').value).toBe('rg-socios'));
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar documento' }));
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar documento' }));
    fireEvent.change(campo(2, 'Chave'), { target: { value: 'Procuração' } });
    fireEvent.change(campo(2, 'Nome'), { target: { value: 'Procuração do sócio' } });
    fireEvent.change(campo(3, 'Chave'), { target: { value: 'rg-socios' } });
    fireEvent.change(campo(3, 'Nome'), { target: { value: 'Outra cópia do RG' } });
    await salvar();
    await within(doc(2)).findByText(/^Chave inválida: use letras minúsculas, dígitos e hífens/);
    expect(within(doc(3)).getByText('A chave "rg-socios" aparece mais de uma vez: cada item tem a sua.')).toBeTruthy();
    expect(campo(1, 'Chave').getAttribute('aria-invalid')).toBe('false');
    expect(putChecklistModelo).not.toHaveBeenCalled();
  });

  it('sends the list trimmed, a blank description as none; a refusal naming an item lands on it', async () => {
    const refusal = new ApiError(400, 'Chave inválida.', { message: 'Chave inválida.', errors: { 'itens.1.chave': 'Chave inválida.' } });
    const putChecklistModelo = jest.fn().mockRejectedValueOnce(refusal).mockResolvedValueOnce(checklist);
    renderAdmin(<ChecklistModeloForm checklist={checklist} />, { putChecklistModelo });
    await waitFor(() => expect(campo(1, 'Chave').value).toBe('rg-socios'));
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar documento' }));
    fireEvent.change(campo(2, 'Chave'), { target: { value: ' procuracao ' } });
    fireEvent.change(campo(2, 'Nome'), { target: { value: 'Procuração ' } });
    fireEvent.change(campo(2, 'Descrição (opcional)'), { target: { value: '   ' } });
    await salvar();
    await within(doc(2)).findByText('Chave inválida.');
    expect(putChecklistModelo).toHaveBeenCalledWith('certidao-simplificada', [
      { chave: 'rg-socios', nome: 'RG dos sócios', descricao: null, obrigatorio: true },
      { chave: 'procuracao', nome: 'Procuração', descricao: null, obrigatorio: true },
    ]);
    await salvar();
    await screen.findByText('Checklist de documentos salvo. Vale para os registros criados a partir de agora.');
    expect(putChecklistModelo).toHaveBeenCalledTimes(2);
  });
});
