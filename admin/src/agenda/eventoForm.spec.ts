import { checkValues, emptyValues, inputOf, valuesOf } from './eventoForm';
import type { Evento } from './agendaMethods';

const evento: Evento = {
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
    expect(checkValues(v)).toBeNull();
  });

  it('tells what is missing or reversed, in pt-BR', () => {
    expect(checkValues(emptyValues())).toBe('Informe o título.');
    const v = { ...emptyValues(), titulo: 'x' };
    expect(checkValues({ ...v, fim: v.inicio })).toBe('O fim deve ser depois do início.');
    expect(checkValues({ ...v, repeticao: 'WEEKLY', vezes: '0' })).toBe('Número de repetições inválido (1 a 1000).');
  });

  it('does not invite without a client', () => {
    expect(inputOf({ ...valuesOf(evento), clienteId: null }).convidarCliente).toBe(false);
  });
});
