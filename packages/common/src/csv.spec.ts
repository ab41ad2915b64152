import type { RegistroResponse } from './api-types';
import { CSV_SEPARATOR, csvCell, prazoTexto, REGISTROS_CSV, toCsv } from './csv';

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

describe('csvCell', () => {
  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+55 11 9999', "'+55 11 9999"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
  ])('keeps a spreadsheet from running %j as a formula', (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  it('leaves numbers alone, negative ones too', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(0)).toBe('0');
  });
});

describe('REGISTROS_CSV', () => {
  const base: RegistroResponse = {
    _id: 'r1', numero: '2026-000123', data: '2026-03-02T12:00:00.000Z', tipo: 'Abertura de Empresa', status: 'andamento',
    statusLabel: 'Em andamento', servico: 'abertura-empresas', descricao: 'x', valor: 1234.5, clienteId: 'c1', clienteNome: 'Padaria São João',
    responsavelId: null, responsavelNome: null, slaDiasUteis: 15, prazo: '2026-03-23', prazoPausado: false, diasUteisRestantes: 3,
    vencido: false, encerradoEm: null, juntaUf: 'SP', etapaAtual: null, etapaDesde: null, emExigencia: false, exigenciaPrazo: null, createdAt: '2026-03-02T12:00:00.000Z', updatedAt: '2026-03-02T12:00:00.000Z',
  };

  it('writes dates dd/mm/aaaa, BRL and the status label, with the pt-BR headers', () => {
    const [head, line] = toCsv([base], REGISTROS_CSV).split('\r\n');
    expect(head).toBe('Protocolo;Cliente;Serviço;Status;Responsável;Prazo;Solicitado em;Valor');
    expect(line).toBe('2026-000123;Padaria São João;Abertura de Empresa;Em andamento;Sem responsável;23/03/2026;02/03/2026;R$\u00a01.234,50');
  });

  it('says why there is no due date', () => {
    expect(prazoTexto({ ...base, prazo: null, prazoPausado: true })).toBe('Suspenso (aguardando o cliente)');
    expect(prazoTexto({ ...base, prazo: null, encerradoEm: '2026-04-01T15:00:00.000Z' })).toBe('Encerrado em 01/04/2026');
    expect(prazoTexto({ ...base, encerradoEm: '2026-04-01T15:00:00.000Z' })).toBe('23/03/2026');
    expect(prazoTexto({ ...base, prazo: null })).toBe('Sem prazo');
  });
});
