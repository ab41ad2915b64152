import { cobrancaEdicaoPayload, cobrancaFieldOf, cobrancaPayload, pagamentoPayload, validateCobranca, validatePagamento } from './cobrancaForm';

describe('the charge forms', () => {
  it('puts each broken line rule on its input and asks for the client', () => {
    const errors = validateCobranca({ clienteId: null, linhas: [{ descricao: 'Abertura', tipo: 'honorario', valor: 10 }, { descricao: ' ', tipo: 'taxa', valor: 0 }] }, { cliente: 'Escolha o cliente.' });
    expect(errors).toEqual({ clienteId: 'Escolha o cliente.', linhas: [{}, { descricao: 'Linha 2: informe a descrição.' }] });
    expect(validateCobranca({ linhas: [{ descricao: 'Taxa', tipo: 'taxa', valor: null }] }, {})).toEqual({
      linhas: [{ valor: 'Linha 1: o valor deve ser um número com no máximo duas casas decimais.' }],
    });
  });

  it('says what is wrong with the lines as a whole under them', () => {
    expect(validateCobranca({ clienteId: 'c1', linhas: [] }, { cliente: 'x' })).toEqual({ linhas: 'Informe ao menos uma linha na cobrança.' });
  });

  it('sends trimmed lines, the due date only when given, and only what an edit may change', () => {
    const v = { clienteId: 'c1', vencimento: null, linhas: [{ descricao: '  Abertura ', tipo: 'honorario' as const, valor: 57.35 }] };
    expect(cobrancaPayload(v)).toEqual({ clienteId: 'c1', linhas: [{ descricao: 'Abertura', tipo: 'honorario', valor: 57.35 }] });
    expect(cobrancaPayload({ ...v, registroId: 'r1' })).toEqual({ clienteId: 'c1', registroId: 'r1', linhas: [{ descricao: 'Abertura', tipo: 'honorario', valor: 57.35 }] });
    expect(cobrancaEdicaoPayload({ ...v, vencimento: '2027-01-10', clienteNome: 'Padaria' } as never)).toEqual({ vencimento: '2027-01-10', linhas: [{ descricao: 'Abertura', tipo: 'honorario', valor: 57.35 }] });
  });

  it("puts the server's refusal of a line on that line's input", () => {
    expect(cobrancaFieldOf('Linha 3: o valor deve ser maior que zero.')).toBe('linhas.2.valor');
    expect(cobrancaFieldOf('Vencimento inválido(a): use uma data real no formato AAAA-MM-DD.')).toBe('vencimento');
    expect(cobrancaFieldOf('A cobrança mudou enquanto isso.')).toBeNull();
  });

  it('refuses a payment over the balance with the rule the server runs', () => {
    expect(validatePagamento({ valor: 2000, forma: 'pix' }, 1000, { valor: 'Informe o valor.' })).toEqual({ valor: 'O valor (R$ 2.000,00) excede o saldo da cobrança (R$ 1.000,00).' });
    expect(validatePagamento({ valor: null, forma: 'pix' }, 1000, { valor: 'Informe o valor.' })).toEqual({ valor: 'Informe o valor.' });
    expect(validatePagamento({ valor: 1000, forma: 'pix' }, 1000, { valor: 'Informe o valor.' })).toEqual({});
    expect(pagamentoPayload({ valor: 10, forma: 'boleto', data: '', nota: '  ' })).toEqual({ valor: 10, forma: 'boleto' });
  });
});
