import { brl, checkDate, fmtDate, MAX_LINHAS, parseLinhas, sum } from './cobranca-linhas';

describe('parseLinhas (a charge\'s lines as sent, in BRL, to centavos)', () => {
  it('trims the description and keeps the type and the amount in centavos', () => {
    expect(parseLinhas([{ descricao: '  Honorários  ', tipo: 'honorario', valor: 1234.5 }, { descricao: 'Taxa da Junta', tipo: 'taxa', valor: 0.29 }])).toEqual([
      { descricao: 'Honorários', tipo: 'honorario', valorCentavos: 123450 },
      { descricao: 'Taxa da Junta', tipo: 'taxa', valorCentavos: 29 },
    ]);
  });

  const ok = { descricao: 'Honorários', tipo: 'honorario', valor: 10 };
  it.each([
    [[], 'Informe ao menos uma linha na cobrança.'],
    [Array.from({ length: MAX_LINHAS + 1 }, () => ok), 'Uma cobrança tem no máximo 50 linhas.'],
    [[ok, ['x']], 'Linha 2: informe { descricao, tipo, valor }.'],
    [[{ ...ok, desconto: 1 }], 'Linha 1: campo "desconto" não é aceito.'],
    [[{ ...ok, descricao: '   ' }], 'Linha 1: informe a descrição.'],
    [[{ ...ok, descricao: 'x'.repeat(201) }], 'Linha 1: a descrição deve ter no máximo 200 caracteres.'],
    [[{ ...ok, tipo: 'multa' }], 'Linha 1: tipo deve ser honorario ou taxa.'],
    [[{ ...ok, valor: 1.005 }], 'Linha 1: o valor deve ser um número com no máximo duas casas decimais.'],
    [[{ ...ok, valor: '10' }], 'Linha 1: o valor deve ser um número com no máximo duas casas decimais.'],
    [[{ ...ok, valor: 0 }], 'Linha 1: o valor deve ser maior que zero.'],
    [[{ ...ok, valor: 10_000_000.01 }], 'Linha 1: o valor deve ser de no máximo R$ 10.000.000,00.'],
    [[{ ...ok, valor: 6_000_000 }, { ...ok, valor: 6_000_000 }], 'O total da cobrança deve ser de no máximo R$ 10.000.000,00.'],
  ])('refuses %#: %s', (linhas, message) => {
    expect(() => parseLinhas(linhas)).toThrow(expect.objectContaining({ status: 400, message }));
  });
});

describe('money and dates as the history writes them', () => {
  it('brl: reais with a plain space after R$', () => expect(brl(123450)).toBe('R$ 1.234,50'));
  it('fmtDate: DD/MM/AAAA', () => expect(fmtDate('2026-03-09')).toBe('09/03/2026'));
  it('sum: centavos of the lines', () => expect(sum([{ valorCentavos: 10 }, { valorCentavos: 20 }])).toBe(30));
  it('checkDate: refuses a date that is not real', () => {
    expect(() => checkDate('2026-02-30', 'Vencimento')).toThrow('Vencimento inválido(a): use uma data real no formato AAAA-MM-DD.');
    expect(() => checkDate('2026-02-28', 'Vencimento')).not.toThrow();
  });
});
