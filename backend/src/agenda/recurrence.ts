import { TZDate } from '@date-fns/tz';
import { Frequency, Options, RRule } from 'rrule';

export const AGENDA_TZ = 'America/Sao_Paulo';
/** Expansions stop here: a year of daily occurrences fits, a runaway rule does not. */
const MAX_OCCURRENCES = 1000;
const ALLOWED = new Map<Frequency, string>([
  [Frequency.DAILY, 'DAILY'],
  [Frequency.WEEKLY, 'WEEKLY'],
  [Frequency.MONTHLY, 'MONTHLY'],
  [Frequency.YEARLY, 'YEARLY'],
]);

export class RecurrenceError extends Error {}

/*
 * rrule computes in "floating" time: the wall clock of São Paulo is written as if it were UTC, the
 * rule runs over those fake instants, and each result is read back as São Paulo wall time. So a
 * weekly 10:00 stays at 10:00 whatever the offset of the day.
 */
function wall(d: Date): Date {
  const t = new TZDate(d.getTime(), AGENDA_TZ);
  return new Date(Date.UTC(t.getFullYear(), t.getMonth(), t.getDate(), t.getHours(), t.getMinutes(), t.getSeconds()));
}

function unwall(f: Date): Date {
  return new Date(
    new TZDate(f.getUTCFullYear(), f.getUTCMonth(), f.getUTCDate(), f.getUTCHours(), f.getUTCMinutes(), f.getUTCSeconds(), AGENDA_TZ).getTime(),
  );
}

/**
 * Validates an RFC 5545 RRULE value ("FREQ=WEEKLY;BYDAY=MO;COUNT=10", with or without "RRULE:")
 * and returns it normalised, or throws a RecurrenceError with a pt-BR message.
 */
export function normalizeRrule(input: string, inicio: Date): string {
  const text = input.trim().replace(/^RRULE:/i, '');
  if (!text) throw new RecurrenceError('Recorrência vazia.');
  if (/DTSTART|TZID|[\r\n]/i.test(text)) throw new RecurrenceError('A recorrência não pode conter DTSTART nem TZID: o início é o do evento.');
  let options: Partial<Options>;
  try {
    options = RRule.parseString(text);
  } catch (err) {
    throw new RecurrenceError(`Recorrência inválida (RRULE): ${(err as Error).message}.`);
  }
  if (options.freq === undefined || !ALLOWED.has(options.freq)) {
    throw new RecurrenceError('Recorrência inválida: informe FREQ=DAILY, WEEKLY, MONTHLY ou YEARLY.');
  }
  if (options.count !== undefined && options.count !== null && (options.count < 1 || options.count > MAX_OCCURRENCES)) {
    throw new RecurrenceError(`Recorrência inválida: COUNT deve estar entre 1 e ${MAX_OCCURRENCES}.`);
  }
  const normalized = RRule.optionsToString(options).replace(/^RRULE:/, '');
  if (!ruleFor(normalized, inicio).after(wall(inicio), true)) throw new RecurrenceError('A recorrência não gera nenhuma ocorrência a partir do início do evento.');
  return normalized;
}

function ruleFor(rrule: string, inicio: Date): RRule {
  const options = RRule.parseString(rrule);
  // UNTIL is a UTC instant (RFC 5545 with a TZID start): compare it as São Paulo wall time.
  if (options.until) options.until = wall(options.until);
  return new RRule({ ...options, dtstart: wall(inicio) });
}

export interface Occurrence {
  inicio: Date;
  fim: Date;
}

interface Recurring {
  inicio: Date;
  fim: Date;
  rrule: string | null;
}

/** The occurrences of an event that overlap [from, to), in order (at most 1000). */
export function occurrencesBetween(ev: Recurring, from: Date, to: Date): Occurrence[] {
  const duration = ev.fim.getTime() - ev.inicio.getTime();
  if (!ev.rrule) return ev.inicio < to && ev.fim > from ? [{ inicio: ev.inicio, fim: ev.fim }] : [];
  const starts = ruleFor(ev.rrule, ev.inicio).between(wall(new Date(from.getTime() - duration)), wall(to), true, (_d, i) => i < MAX_OCCURRENCES);
  return starts
    .map(unwall)
    .map((s) => ({ inicio: s, fim: new Date(s.getTime() + duration) }))
    .filter((o) => o.inicio < to && o.fim > from);
}

/** The end of the last occurrence of a recurrence that ends (COUNT or UNTIL); null if it goes on. */
export function recurrenceEnd(ev: Recurring): Date | null {
  if (!ev.rrule) return ev.fim;
  const rule = ruleFor(ev.rrule, ev.inicio);
  if (!rule.options.count && !rule.options.until) return null;
  const all = rule.all((_d, i) => i < MAX_OCCURRENCES);
  const last = all[all.length - 1];
  return last ? new Date(unwall(last).getTime() + (ev.fim.getTime() - ev.inicio.getTime())) : ev.fim;
}
