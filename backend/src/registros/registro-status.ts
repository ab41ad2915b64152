import { ClockUpdate, clockWithExigencias, ExigenciaClockState, IsoDate, isFinalStatus, prazoAfterTransition, RegistroStatus } from '@veritas/common';

/** What a status move writes on the registro: the status, its clock and when it closed (null while open). */
export type StatusMove = ClockUpdate & { status: RegistroStatus; encerradoEm: Date | null };

/**
 * A move of `r` (its status, clock and exigências as read) to `to` on `today`, at `when`: the clock as the
 * transition moves it on the registro's Junta calendar (`days`: CalendarioService.daysFor), kept stopped
 * while an exigência is open (@veritas/common, exigencia-clock.ts). The transition itself is checked by the caller
 * (transitionRefusal), each with its own message.
 */
export function statusMove(r: ExigenciaClockState, to: RegistroStatus, today: IsoDate, days: ReadonlySet<string>, when: Date): StatusMove {
  const from = r.status;
  const state = { prazo: r.prazo, pausadoEm: r.pausadoEm, diasUteisRestantes: r.diasUteisRestantes };
  const clock = clockWithExigencias(r, from, to, prazoAfterTransition(state, from, to, today, days));
  return { status: to, ...clock, encerradoEm: isFinalStatus(to) ? when : null };
}
