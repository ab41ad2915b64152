import { addBusinessDays, addCalendarDays, businessDaysBetween, ExtraHolidays, IsoDate } from './business-days';
import { EXIGENCIA_PRAZO_DIAS_CORRIDOS } from './processos';
import { isFinalStatus, PrazoState, RegistroStatus } from './registro-status';

/** What of a registro the exigência clock reads. */
export interface ExigenciaClockState extends PrazoState {
  status: RegistroStatus;
  exigenciaPrazo: IsoDate | null;
  pausaExigencia: boolean;
}

export type ClockUpdate = PrazoState & { pausaExigencia: boolean };

/**
 * IN DREI 81/2020: 30 calendar days to comply, counted from the first notice of the round and
 * never restarted. A round is the run of notices that fall within the first one's 30 days: a new
 * exigência inside that window (the Junta returning the process again) keeps the round's
 * deadline; one notified after it has lapsed starts a new round (by then the process counts as a
 * new filing, Lei 8.934/94 art. 40 §3).
 */
export function rodadaDe(notificadaEm: IsoDate, rodadas: readonly IsoDate[]): IsoDate {
  const dentro = rodadas.filter((r) => r <= notificadaEm && notificadaEm <= prazoDaRodada(r)).sort();
  return dentro[0] ?? notificadaEm;
}

export function prazoDaRodada(rodadaInicio: IsoDate): IsoDate {
  return addCalendarDays(rodadaInicio, EXIGENCIA_PRAZO_DIAS_CORRIDOS);
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function diasCorridos(from: IsoDate, to: IsoDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The first exigência opened: a running clock stops exactly as waiting on the client stops it
 * (the business days left are kept), marked as stopped by the exigência.
 */
export function pauseForExigencia(r: ExigenciaClockState, today: IsoDate, extra?: ExtraHolidays): ClockUpdate {
  if (!isFinalStatus(r.status) && r.prazo) {
    return { prazo: null, pausadoEm: today, diasUteisRestantes: businessDaysBetween(today, r.prazo, extra), pausaExigencia: true };
  }
  return { prazo: r.prazo, pausadoEm: r.pausadoEm, diasUteisRestantes: r.diasUteisRestantes, pausaExigencia: r.pausaExigencia };
}

/** The last open exigência met: a clock the exigência stopped runs again with the business days it had left. */
export function resumeAfterExigencias(r: ExigenciaClockState, today: IsoDate, extra?: ExtraHolidays): ClockUpdate {
  if (!isFinalStatus(r.status) && r.pausaExigencia && r.prazo === null && r.diasUteisRestantes !== null) {
    return { prazo: addBusinessDays(today, r.diasUteisRestantes, extra), pausadoEm: null, diasUteisRestantes: null, pausaExigencia: false };
  }
  return { prazo: r.prazo, pausadoEm: r.pausadoEm, diasUteisRestantes: r.diasUteisRestantes, pausaExigencia: false };
}

/**
 * A status change of a registro with open exigências (called by statusMove, registro-status.ts, with
 * what prazoAfterTransition decided):
 * - andamento → pendente (waiting on the client) takes over a stop the exigência made: meeting the
 *   exigência then leaves the clock stopped until the registro goes back to andamento;
 * - a restart while an exigência is open does not happen: the clock stays stopped, now by the exigência.
 */
export function clockWithExigencias(r: ExigenciaClockState, from: RegistroStatus, to: RegistroStatus, clock: PrazoState): ClockUpdate {
  if (!r.exigenciaPrazo) return { ...clock, pausaExigencia: false };
  if (from === 'andamento' && to === 'pendente') return { ...clock, pausaExigencia: false };
  if (r.prazo === null && clock.prazo !== null) {
    return { prazo: r.prazo, pausadoEm: r.pausadoEm, diasUteisRestantes: r.diasUteisRestantes, pausaExigencia: true };
  }
  return { ...clock, pausaExigencia: r.pausaExigencia };
}
