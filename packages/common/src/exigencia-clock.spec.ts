import { addBusinessDays } from './business-days';
import { clockWithExigencias, diasCorridos, ExigenciaClockState, pauseForExigencia, prazoDaRodada, resumeAfterExigencias, rodadaDe } from './exigencia-clock';

describe('the exigência round (IN DREI 81/2020)', () => {
  it('gives 30 calendar days, across months and a leap day', () => {
    expect(prazoDaRodada('2027-01-10')).toBe('2027-02-09');
    expect(prazoDaRodada('2028-02-01')).toBe('2028-03-02');
    expect(prazoDaRodada('2026-12-15')).toBe('2027-01-14');
  });

  it('keeps a notice inside a round on the round\'s first day, and starts a new round after it lapsed', () => {
    expect(rodadaDe('2027-01-10', [])).toBe('2027-01-10');
    expect(rodadaDe('2027-01-25', ['2027-01-10'])).toBe('2027-01-10');
    expect(rodadaDe('2027-02-09', ['2027-01-10'])).toBe('2027-01-10'); // the last day still belongs to it
    expect(rodadaDe('2027-02-10', ['2027-01-10'])).toBe('2027-02-10');
    expect(rodadaDe('2027-02-20', ['2027-01-10', '2027-02-10'])).toBe('2027-02-10');
    // A late-recorded notice before the round began does not join it.
    expect(rodadaDe('2027-01-05', ['2027-01-10'])).toBe('2027-01-05');
  });

  it('counts calendar days both ways', () => {
    expect(diasCorridos('2027-01-10', '2027-02-09')).toBe(30);
    expect(diasCorridos('2027-02-09', '2027-01-10')).toBe(-30);
    expect(diasCorridos('2027-03-27', '2027-03-29')).toBe(2);
  });
});

describe('the registro clock with exigências', () => {
  const running: ExigenciaClockState = { status: 'andamento', prazo: '2027-03-12', pausadoEm: null, diasUteisRestantes: null, exigenciaPrazo: null, pausaExigencia: false };

  it('stops a running clock, keeping the business days left, and restarts it from the day the last one is met', () => {
    const stopped = pauseForExigencia(running, '2027-03-05');
    expect(stopped).toEqual({ prazo: null, pausadoEm: '2027-03-05', diasUteisRestantes: 5, pausaExigencia: true });
    const resumed = resumeAfterExigencias({ ...running, ...stopped, exigenciaPrazo: '2027-03-07' }, '2027-03-22');
    expect(resumed).toEqual({ prazo: addBusinessDays('2027-03-22', 5), pausadoEm: null, diasUteisRestantes: null, pausaExigencia: false });
  });

  it('leaves a clock stopped by waiting on the client alone', () => {
    const waiting: ExigenciaClockState = { ...running, status: 'pendente', prazo: null, pausadoEm: '2027-02-01', diasUteisRestantes: 7 };
    const opened = pauseForExigencia(waiting, '2027-02-05');
    expect(opened).toEqual({ prazo: null, pausadoEm: '2027-02-01', diasUteisRestantes: 7, pausaExigencia: false });
    expect(resumeAfterExigencias({ ...waiting, ...opened }, '2027-02-10')).toMatchObject({ prazo: null, diasUteisRestantes: 7 });
  });

  it('does not let a status change restart a clock an exigência holds, and hands a stop over to waiting on the client', () => {
    const held: ExigenciaClockState = { ...running, status: 'pendente', prazo: null, pausadoEm: '2027-02-01', diasUteisRestantes: 7, exigenciaPrazo: '2027-03-03' };
    const restart = { prazo: '2027-02-18', pausadoEm: null, diasUteisRestantes: null };
    expect(clockWithExigencias(held, 'pendente', 'andamento', restart)).toEqual({ prazo: null, pausadoEm: '2027-02-01', diasUteisRestantes: 7, pausaExigencia: true });
    const byExigencia = { ...held, status: 'andamento' as const, pausaExigencia: true };
    const same = { prazo: null, pausadoEm: '2027-02-01', diasUteisRestantes: 7 };
    expect(clockWithExigencias(byExigencia, 'andamento', 'pendente', same)).toEqual({ ...same, pausaExigencia: false });
    // Without an open exigência, prazoAfterTransition decides alone.
    expect(clockWithExigencias({ ...held, exigenciaPrazo: null }, 'pendente', 'andamento', restart)).toEqual({ ...restart, pausaExigencia: false });
  });
});
