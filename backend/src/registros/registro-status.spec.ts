import { addBusinessDays, businessDaysBetween, RegistroStatus } from '@veritas/common';
import type { ExigenciaClockState } from '@veritas/common';
import { statusMove } from './registro-status';

const TODAY = '2026-03-10'; // a Tuesday
const WHEN = new Date('2026-03-10T15:00:00Z');
/** A Junta holiday on the Thursday: the clock skips it. */
const DAYS: ReadonlySet<string> = new Set(['2026-03-12']);

const registro = (over: Partial<ExigenciaClockState>): ExigenciaClockState => ({
  status: 'andamento',
  prazo: '2026-03-20',
  pausadoEm: null,
  diasUteisRestantes: null,
  exigenciaPrazo: null,
  pausaExigencia: false,
  ...over,
});

describe('statusMove (what a status change writes, once for every path)', () => {
  it('waiting on the client stops the clock with the business days left on the Junta calendar', () => {
    const move = statusMove(registro({}), 'pendente', TODAY, DAYS, WHEN);
    expect(move).toEqual({
      status: 'pendente',
      prazo: null,
      pausadoEm: TODAY,
      diasUteisRestantes: businessDaysBetween(TODAY, '2026-03-20', DAYS),
      pausaExigencia: false,
      encerradoEm: null,
    });
    expect(move.diasUteisRestantes).toBe(7);
  });

  it('back to andamento, the clock runs again from today with the days it had left', () => {
    const move = statusMove(registro({ status: 'pendente', prazo: null, pausadoEm: '2026-03-02', diasUteisRestantes: 3 }), 'andamento', TODAY, DAYS, WHEN);
    expect(move).toMatchObject({ status: 'andamento', prazo: addBusinessDays(TODAY, 3, DAYS), pausadoEm: null, diasUteisRestantes: null, encerradoEm: null });
    expect(move.prazo).toBe('2026-03-16');
  });

  it.each<RegistroStatus>(['concluido', 'cancelado'])('%s closes it at the time of the move and keeps the due date', (to) => {
    expect(statusMove(registro({}), to, TODAY, DAYS, WHEN)).toEqual({
      status: to,
      prazo: '2026-03-20',
      pausadoEm: null,
      diasUteisRestantes: null,
      pausaExigencia: false,
      encerradoEm: WHEN,
    });
  });

  it('an open exigência keeps a stopped clock stopped when the work resumes', () => {
    const parado = registro({ status: 'pendente', prazo: null, pausadoEm: '2026-03-02', diasUteisRestantes: 3, exigenciaPrazo: '2026-04-01', pausaExigencia: true });
    expect(statusMove(parado, 'andamento', TODAY, DAYS, WHEN)).toEqual({
      status: 'andamento',
      prazo: null,
      pausadoEm: '2026-03-02',
      diasUteisRestantes: 3,
      pausaExigencia: true,
      encerradoEm: null,
    });
  });
});
