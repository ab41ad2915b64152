import { REGISTROS_CSV, toCsv, type RegistroResponse } from './index';

const registrosCsv = (rows: RegistroResponse[]) => toCsv(rows, REGISTROS_CSV);

const registro = (over: Partial<RegistroResponse>): RegistroResponse =>
  ({
    _id: 'a',
    numero: '2026-000001',
    data: '2026-11-03T13:00:00.000Z',
    tipo: 'Certidão Simplificada',
    status: 'andamento',
    clienteNome: 'Padaria Pão Quente Ltda',
    responsavelNome: null,
    prazo: '2026-11-06',
    prazoPausado: false,
    diasUteisRestantes: 2,
    vencido: false,
    encerradoEm: null,
    valor: 1234.5,
    ...over,
  }) as RegistroResponse;

describe('registrosCsv (the pt-BR export)', () => {
  it('heads the columns with the labels the screen shows and writes dates dd/mm/aaaa, BRL and status labels', () => {
    const [head, line] = registrosCsv([registro({})]).split('\r\n');
    expect(head).toBe('Protocolo;Cliente;Serviço;Status;Responsável;Prazo;Solicitado em;Valor');
    expect(line.split(';')).toEqual([
      '2026-000001',
      'Padaria Pão Quente Ltda',
      'Certidão Simplificada',
      'Em andamento',
      'Sem responsável',
      '06/11/2026',
      '03/11/2026',
      'R$\u00a01.234,50',
    ]);
  });

  it('quotes a field holding the separator, a quote or a line break', () => {
    const csv = registrosCsv([registro({ clienteNome: 'Silva; Souza "ME"\nfilial' })]);
    expect(csv).toContain('\r\n2026-000001;"Silva; Souza ""ME""\nfilial";Certidão Simplificada;');
  });

  it('says why there is no due date when the clock is stopped', () => {
    const [, line] = registrosCsv([registro({ prazo: null, prazoPausado: true, diasUteisRestantes: 4 })]).split('\r\n');
    expect(line.split(';')[5]).toBe('Suspenso (aguardando o cliente)');
  });
});
