import { avisoRegistroPath, quandoAviso, recebeAviso } from './avisos';
import { staffPrincipal } from './access';

describe('the bell (issue 53)', () => {
  it('links a registro to the screen its reader may open', () => {
    expect(avisoRegistroPath(staffPrincipal(['Master']), 'r1')).toBe('/painel/registros/r1');
    expect(avisoRegistroPath(staffPrincipal(['Diretoria']), 'r1')).toBe('/painel/registros/r1');
    expect(avisoRegistroPath(staffPrincipal(['Associados']), 'r1')).toBe('/painel/meu-registros/r1');
  });

  it('tells the board and Suporte of contact messages, the board alone of failed mail', () => {
    const who = (permissions: string[]) => [recebeAviso(staffPrincipal(permissions), 'contato'), recebeAviso(staffPrincipal(permissions), 'filaSaida')];
    expect(who(['Master'])).toEqual([true, true]);
    expect(who(['Diretoria'])).toEqual([true, true]);
    expect(who(['Suporte'])).toEqual([true, false]);
    expect(who(['Associados'])).toEqual([false, false]);
    expect(who(['Financeiro'])).toEqual([false, false]);
  });

  it('says when, relative for a day and then the date', () => {
    const now = new Date('2026-12-07T15:00:00Z');
    expect(quandoAviso('2026-12-07T14:59:30Z', now)).toBe('agora');
    expect(quandoAviso('2026-12-07T14:55:00Z', now)).toBe('há 5 min');
    expect(quandoAviso('2026-12-07T12:00:00Z', now)).toBe('há 3 h');
    expect(quandoAviso('2026-12-04T12:00:00Z', now)).toBe('04/12/2026');
    expect(quandoAviso('não é data', now)).toBe('');
  });
});
