import { CSV_SEPARATOR, toCsv } from './csv';

type Row = { nome: string; valor: number | null };
const columns = [
  { header: 'Nome', value: (r: Row) => r.nome },
  { header: 'Valor (R$)', value: (r: Row) => r.valor },
];

describe('toCsv', () => {
  it('writes the headers, then one line per record, with ; and CRLF', () => {
    expect(CSV_SEPARATOR).toBe(';');
    expect(toCsv([{ nome: 'Alfa', valor: 10 }], columns)).toBe('Nome;Valor (R$)\r\nAlfa;10');
  });

  it.each([
    ['a;b', '"a;b"'],
    ['diz "oi"', '"diz ""oi"""'],
    ['linha\nquebrada', '"linha\nquebrada"'],
    [' espaço', '" espaço"'],
    ['São João', 'São João'],
  ])('quotes %j as %s', (nome, cell) => {
    expect(toCsv([{ nome, valor: 1 }], columns).split('\r\n')[1]).toBe(`${cell};1`);
  });

  it('writes blanks for null and undefined, and only the headers for no records', () => {
    expect(toCsv([{ nome: 'x', valor: null }], columns)).toBe('Nome;Valor (R$)\r\nx;');
    expect(toCsv([], columns)).toBe('Nome;Valor (R$)');
  });
});
