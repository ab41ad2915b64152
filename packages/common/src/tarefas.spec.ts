import { periodoTarefa } from './tarefas';

describe('periodoTarefa', () => {
  it.each([
    [6 * 3600, 'a cada 6 h'],
    [3600, 'a cada 1 h'],
    [600, 'a cada 10 min'],
    [90, 'a cada 90 s'],
    [5, 'a cada 5 s'],
  ])('%i s → %s', (periodoSegundos, texto) => {
    expect(periodoTarefa({ periodoSegundos, cron: null })).toBe(texto);
  });

  it('a cron job shows its pattern, whatever the tick', () => {
    expect(periodoTarefa({ periodoSegundos: 60, cron: '0 3 * * *' })).toBe('agendada (cron 0 3 * * *)');
  });
});
