import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, HttpError, testDataProvider } from 'react-admin';
import type { CobrancaDetalheResponse } from '@veritas/common';
import { i18nProvider } from '../providers/i18nProvider';
import { NovaCobrancaDialog } from './CobrancaDialogs';
import { PagamentoForm } from './CobrancaAcoes';

const cobranca = { id: 'c1', _id: 'c1', saldo: 1000, total: 1000, status: 'aberta' } as CobrancaDetalheResponse & { id: string };

function renderWith(ui: React.ReactElement, methods: Record<string, unknown>) {
  const dataProvider = testDataProvider({
    getList: async () => ({ data: [{ id: 'k1', razaoSocial: 'Oficina Devedora Ltda' }], total: 1 }) as never,
    getMany: async () => ({ data: [{ id: 'k1', razaoSocial: 'Oficina Devedora Ltda' }] }) as never,
    ...methods,
  });
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      {ui}
    </AdminContext>,
  );
  return dataProvider;
}

describe('Nova Cobrança', () => {
  it('tells beside each input what the shared rules refuse, and sends nothing', async () => {
    const create = jest.fn();
    renderWith(<NovaCobrancaDialog open onClose={() => undefined} onSaved={() => undefined} />, { create });
    const dialog = await screen.findByRole('dialog', { name: 'Nova Cobrança' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Emitir cobrança' }));
    await within(dialog).findByText('Escolha o cliente.');
    expect(within(dialog).getByText('Linha 1: informe a descrição.')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });

  it("puts the server's refusal of a line on that line's value", async () => {
    const create = jest.fn().mockRejectedValue(new HttpError('Linha 1: o valor deve ser de no máximo R$ 10.000.000,00.', 400, { message: 'Linha 1: o valor deve ser de no máximo R$ 10.000.000,00.' }));
    const onSaved = jest.fn();
    renderWith(<NovaCobrancaDialog open onClose={() => undefined} onSaved={onSaved} />, { create });
    const dialog = await screen.findByRole('dialog', { name: 'Nova Cobrança' });
    await userEvent.type(within(dialog).getByRole('combobox', { name: /Cliente/ }), 'Oficina');
    await userEvent.click(await screen.findByRole('option', { name: 'Oficina Devedora Ltda' }));
    await userEvent.type(within(dialog).getByLabelText('Descrição da linha 1'), 'Consultoria');
    await userEvent.type(within(dialog).getByLabelText('Valor da linha 1 (R$)'), '50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Emitir cobrança' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0][1].data).toEqual({ clienteId: 'k1', linhas: [{ descricao: 'Consultoria', tipo: 'honorario', valor: 50 }] });
    const valor = within(dialog).getByLabelText('Valor da linha 1 (R$)');
    await waitFor(() => expect(valor.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Linha 1: o valor deve ser de no máximo R$ 10.000.000,00.')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('Registrar pagamento', () => {
  it('starts at the balance, refuses more than it with the shared rule, and records what is allowed', async () => {
    const registrarPagamento = jest.fn().mockResolvedValue(cobranca);
    const onDone = jest.fn();
    renderWith(<PagamentoForm c={cobranca} onDone={onDone} />, { registrarPagamento });
    const valor = await screen.findByLabelText('Valor (R$)');
    expect((valor as HTMLInputElement).value).toBe('1000');
    await userEvent.clear(valor);
    await userEvent.type(valor, '2000');
    await userEvent.click(screen.getByRole('button', { name: 'Registrar pagamento' }));
    await screen.findByText('O valor (R$ 2.000,00) excede o saldo da cobrança (R$ 1.000,00).');
    expect(registrarPagamento).not.toHaveBeenCalled();
    await userEvent.clear(valor);
    await userEvent.type(valor, '400');
    await userEvent.click(screen.getByRole('button', { name: 'Registrar pagamento' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(registrarPagamento).toHaveBeenCalledWith('c1', expect.objectContaining({ valor: 400, forma: 'pix' }));
  });
});
