import { emptyValues, eventoFieldOf, inputOf, validateEvento, valuesOf } from './eventoForm';
import type { EventoResponse } from '@veritas/common';

const evento: EventoResponse = {
  id: 'e1',
  tipo: 'assinatura',
  titulo: 'Assinatura',
  inicio: '2027-03-01T13:00:00.000Z',
  fim: '2027-03-01T14:30:00.000Z',
  diaInteiro: false,
  local: null,
  link: 'https://meet.exemplo.com.br/x',
  participantes: [{ id: 'u2', nome: 'Carla' }],
  clienteId: 'c1',
  clienteNome: 'Padaria',
  registroId: null,
  protocolo: null,
  notas: null,
  rrule: 'FREQ=WEEKLY;COUNT=4',
  lembreteMinutos: 30,
  convidarCliente: true,
  criadoPorId: 'u1',
  criadoPorNome: 'Bruno',
};

const messages = { titulo: 'Informe o título.', periodo: 'Informe o início e o fim.', data: 'Data ou hora inválida.', vezes: 'Número de repetições inválido (1 a 1000).' };

describe('the agenda event form', () => {
  it('round-trips a stored event to the same body', () => {
    const body = inputOf(valuesOf(evento));
    expect(body).toEqual({
      tipo: 'assinatura',
      titulo: 'Assinatura',
      inicio: evento.inicio,
      fim: evento.fim,
      diaInteiro: false,
      local: null,
      link: evento.link,
      participantes: ['u2'],
      clienteId: 'c1',
      registroId: null,
      notas: null,
      rrule: 'FREQ=WEEKLY;COUNT=4',
      lembreteMinutos: 30,
      convidarCliente: true,
    });
  });

  it('keeps a rule written elsewhere as it is', () => {
    const v = valuesOf({ ...evento, rrule: 'FREQ=WEEKLY;BYDAY=MO,WE' });
    expect(v.repeticao).toBe('custom');
    expect(inputOf(v).rrule).toBe('FREQ=WEEKLY;BYDAY=MO,WE');
  });

  it('sends an all-day event as whole days, the last one included', () => {
    const v = { ...emptyValues(), titulo: 'Feriado interno', diaInteiro: true, inicio: '2027-03-01', fim: '2027-03-02' };
    const body = inputOf(v);
    expect(new Date(body.fim).getTime() - new Date(body.inicio).getTime()).toBe(2 * 86_400_000);
    expect(validateEvento(v, messages)).toEqual({});
  });

  it('tells what is missing or reversed beside its field, with the rule the server runs', () => {
    expect(validateEvento(emptyValues(), messages)).toEqual({ titulo: 'Informe o título.' });
    const v = { ...emptyValues(), titulo: 'x' };
    expect(validateEvento({ ...v, fim: v.inicio }, messages)).toEqual({ fim: 'O fim do evento deve ser depois do início.' });
    expect(validateEvento({ ...v, inicio: '2027-03-01T10:00', fim: '2027-04-02T10:00' }, messages).fim).toMatch(/no máximo 31 dias/);
    expect(validateEvento({ ...v, repeticao: 'WEEKLY', vezes: 0 }, messages)).toEqual({ vezes: 'Número de repetições inválido (1 a 1000).' });
  });

  it('a day typed while all day is that midnight once the event has hours', () => {
    const v = { ...emptyValues(), titulo: 'x', diaInteiro: false, inicio: '2027-03-01', fim: '2027-03-01T10:00' };
    expect(new Date(inputOf(v).inicio).getTime()).toBe(new Date('2027-03-01T00:00').getTime());
  });

  it("puts the server's refusal beside the field it names", () => {
    expect(eventoFieldOf('Link inválido: informe um endereço http(s).')).toBe('link');
    expect(eventoFieldOf('Um evento pode durar no máximo 31 dias; use a recorrência para repeti-lo.')).toBe('fim');
    expect(eventoFieldOf('O registro informado é de outro cliente.')).toBe('registroId');
    expect(eventoFieldOf('Sem conexão.')).toBeNull();
  });

  it('does not invite without a client', () => {
    expect(inputOf({ ...valuesOf(evento), clienteId: null }).convidarCliente).toBe(false);
  });
});
