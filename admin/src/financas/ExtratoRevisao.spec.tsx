import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, testDataProvider } from 'react-admin';
import type { ExtratoCandidata, ExtratoTransacaoResponse } from '@veritas/common';
import { i18nProvider } from '../providers/i18nProvider';
import type { Extrato } from '../providers/financasMethods';
import { ExtratoRevisao } from './ExtratoRevisao';

const cand = (cobrancaId: string, evidencia: ExtratoCandidata['evidencia'], clienteNome: string): ExtratoCandidata => ({
  cobrancaId,
  clienteNome,
  vencimento: '2026-11-20',
  saldo: 1480,
  txid: '',
  evidencia,
  diferenca: 0,
});
const tr = (id: string, over: Partial<ExtratoTransacaoResponse>): ExtratoTransacaoResponse => ({
  _id: id,
  fitid: id.toUpperCase(),
  data: '2026-11-06',
  valor: 1480,
  memo: 'PIX',
  situacao: 'sem-correspondencia',
  cobrancaId: null,
  preSelecionada: false,
  alerta: null,
  candidatas: [],
  ...over,
});
const extrato: Extrato = {
  _id: 'e1',
  id: 'e1',
  nomeArquivo: 'extrato.ofx',
  conta: '341/1234/567890',
  importadoPorNome: 'Financeiro',
  createdAt: '2026-12-06T12:00:00.000Z',
  repetidas: 0,
  transacoes: [
    tr('h1', { situacao: 'documento', cobrancaId: 'c-ipe', preSelecionada: true, candidatas: [cand('c-ipe', 'documento', 'Construtora Ipê Ltda')] }),
    tr('h2', { situacao: 'valor', cobrancaId: 'c-isca', memo: 'FULANO DE TAL', candidatas: [cand('c-isca', 'valor', 'Oficina Bom Motor Ltda')] }),
    tr('h3', { alerta: 'O banco repetiu este FITID no arquivo com outro valor: confira no extrato antes de confirmar.' }),
  ],
};

describe('Conciliação do extrato', () => {
  it('ticks only the CNPJ-backed match, leaves the amount-only one unticked, and matches an unknown credit by hand', async () => {
    const confirmarExtrato = jest.fn().mockResolvedValue({ ...extrato, registrados: 2 });
    const getList = jest.fn().mockResolvedValue({ data: [{ id: 'c-outra', clienteNome: 'Padaria Sol', saldo: 1480, vencimento: '2026-12-01', registroNumero: '2026-000742' }], total: 1 });
    const dataProvider = testDataProvider({ confirmarExtrato, getList, getMany: async () => ({ data: [] }) } as never);
    render(
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <ExtratoRevisao extrato={extrato} onClose={() => undefined} />
      </AdminContext>,
    );
    const h1 = await screen.findByLabelText('Confirmar crédito H1');
    expect((h1 as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Confirmar crédito H2') as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('Só pelo valor e vencimento: confira o pagador')).toBeTruthy();
    expect(screen.getByText(/repetiu este FITID/)).toBeTruthy();
    // H3 had no candidate: the hand search, by client, CNPJ, protocol or balance.
    await userEvent.click(screen.getByLabelText('Confirmar crédito H3'));
    await userEvent.type(screen.getByRole('combobox', { name: /Cobrança do crédito H3/ }), '742');
    await userEvent.click(await screen.findByRole('option', { name: /Padaria Sol — 2026-000742/ }));
    await waitFor(() => expect(getList).toHaveBeenCalledWith('cobrancas', expect.objectContaining({ filter: expect.objectContaining({ status: 'aberta' }) })));
    await userEvent.click(within(document.body).getByRole('button', { name: /Confirmar/ }));
    await waitFor(() => expect(confirmarExtrato).toHaveBeenCalled());
    expect(confirmarExtrato.mock.calls[0][1]).toEqual([
      { transacaoId: 'h1', cobrancaId: 'c-ipe' },
      { transacaoId: 'h3', cobrancaId: 'c-outra' },
    ]);
  }, 240_000);
});
