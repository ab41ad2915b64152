import { linhaProblem, linhasTotalProblem, pagamentoProblem } from './financas';
import { eventoPeriodoProblem } from './agenda';

describe('the charge rules the server and the panel share', () => {
  it.each([
    [{ descricao: ' ', tipo: 'taxa', valor: 1 }, 'descricao', 'Linha 2: informe a descrição.'],
    [{ descricao: 'Taxa', tipo: 'multa', valor: 1 }, 'tipo', 'Linha 2: tipo deve ser honorario ou taxa.'],
    [{ descricao: 'Taxa', tipo: 'taxa', valor: 0 }, 'valor', 'Linha 2: o valor deve ser maior que zero.'],
    [{ descricao: 'Taxa', tipo: 'taxa', valor: 1.234 }, 'valor', 'Linha 2: o valor deve ser um número com no máximo duas casas decimais.'],
  ])('names the field of a bad line %#', (linha, field, message) => {
    expect(linhaProblem(linha, 2)).toEqual({ field, message });
  });

  it('accepts a good line and tells when the lines are none or too many in total', () => {
    expect(linhaProblem({ descricao: 'Honorários', tipo: 'honorario', valor: 10.5 }, 1)).toBeNull();
    expect(linhasTotalProblem([])).toBe('Informe ao menos uma linha na cobrança.');
    expect(linhasTotalProblem([{ valor: 6_000_000 }, { valor: 6_000_000 }])).toBe('O total da cobrança deve ser de no máximo R$ 10.000.000,00.');
  });

  it.each([
    [null, 100, 'O valor deve ter no máximo duas casas decimais.'],
    [0, 100, 'O valor do pagamento deve ser maior que zero.'],
    [200000, 100000, 'O valor (R$ 2.000,00) excede o saldo da cobrança (R$ 1.000,00).'],
    [100000, 100000, null],
  ])('a payment of %s centavos on a balance of %s: %s', (valor, saldo, message) => {
    expect(pagamentoProblem(valor, saldo)).toBe(message);
  });

  it('an event ends after it starts and lasts at most 31 days', () => {
    const at = (iso: string) => new Date(iso);
    expect(eventoPeriodoProblem(at('2027-03-01T10:00:00Z'), at('2027-03-01T10:00:00Z'))).toBe('O fim do evento deve ser depois do início.');
    expect(eventoPeriodoProblem(at('2027-03-01T10:00:00Z'), at('2027-04-02T10:00:00Z'))).toMatch(/no máximo 31 dias/);
    expect(eventoPeriodoProblem(at('2027-03-01T10:00:00Z'), at('2027-03-01T11:00:00Z'))).toBeNull();
  });
});
