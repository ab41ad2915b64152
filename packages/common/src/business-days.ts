/*
 * Business days in Brazil, for deadlines (prazos). Dates are calendar dates written 'YYYY-MM-DD'
 * (no time, no time zone): a deadline is a day, not an instant. "Today" is the day in São Paulo.
 *
 * Non-working days are Saturdays, Sundays, the national holidays below and the firm's own days
 * (state and city holidays), which the caller passes in as a set of 'YYYY-MM-DD' strings.
 */
import { onFirstUse, TIME_ZONE } from './format';

export type IsoDate = string;

export interface Holiday {
  data: IsoDate;
  nome: string;
}

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Far enough for any deadline; stops a typo (n = 1e9) from looping for minutes. */
export const MAX_BUSINESS_DAYS = 3660;

/**
 * The day number (days since 1970-01-01) of a real calendar day written 'YYYY-MM-DD', or null.
 * Checked by reading the date back (2027-02-29 would roll over to March; a year below 100 would
 * become 19xx), without building its ISO text: a page of registros asks this for every row.
 */
function dayNumberOf(v: unknown): number | null {
  if (typeof v !== 'string') return null;
  const m = ISO_DATE.exec(v);
  if (!m) return null;
  const y = Number(m[1]);
  const month = Number(m[2]) - 1;
  const day = Number(m[3]);
  const t = Date.UTC(y, month, day);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== month || back.getUTCDate() !== day) return null;
  return Math.floor(t / DAY_MS);
}

/** True for a real calendar day written 'YYYY-MM-DD'. */
export function isIsoDate(v: unknown): v is IsoDate {
  return dayNumberOf(v) !== null;
}

function toDayNumber(d: IsoDate): number {
  const n = dayNumberOf(d);
  if (n === null) throw new RangeError(`Data inválida: "${d}" (use AAAA-MM-DD).`);
  return n;
}

function fromDayNumber(n: number): IsoDate {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/** The date `days` calendar days after (or before, if negative) `d`. */
export function addCalendarDays(d: IsoDate, days: number): IsoDate {
  return fromDayNumber(toDayNumber(d) + days);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(d: IsoDate): number {
  return weekdayOfDay(toDayNumber(d));
}

/** weekday() of a day number. Day 0 of the epoch (1970-01-01) was a Thursday. */
function weekdayOfDay(n: number): number {
  return (((n + 4) % 7) + 7) % 7;
}

export function isWeekend(d: IsoDate): boolean {
  return isWeekendDay(toDayNumber(d));
}

function isWeekendDay(n: number): boolean {
  const w = weekdayOfDay(n);
  return w === 0 || w === 6;
}

/**
 * Easter Sunday of a Gregorian year: the anonymous (Meeus/Jones/Butcher) algorithm, exact for
 * every year of the Gregorian calendar.
 */
export function easterSunday(year: number): IsoDate {
  if (!Number.isInteger(year) || year < 1583 || year > 9999) throw new RangeError(`Ano fora do calendário gregoriano: ${year}`);
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const FIXED: readonly { md: string; nome: string; since?: number }[] = [
  { md: '01-01', nome: 'Confraternização Universal' },
  { md: '04-21', nome: 'Tiradentes' },
  { md: '05-01', nome: 'Dia do Trabalho' },
  { md: '09-07', nome: 'Independência do Brasil' },
  { md: '10-12', nome: 'Nossa Senhora Aparecida' },
  { md: '11-02', nome: 'Finados' },
  { md: '11-15', nome: 'Proclamação da República' },
  // A national holiday only since Lei 14.759/2023; before that it was a state or city one.
  { md: '11-20', nome: 'Dia Nacional de Zumbi e da Consciência Negra', since: 2024 },
  { md: '12-25', nome: 'Natal' },
];

/** Days counted from Easter Sunday. Carnaval is a "ponto facultativo", but courts and boards close. */
const FROM_EASTER: readonly { offset: number; nome: string }[] = [
  { offset: -48, nome: 'Carnaval (segunda-feira)' },
  { offset: -47, nome: 'Carnaval (terça-feira)' },
  { offset: -2, nome: 'Sexta-feira Santa' },
  { offset: 60, nome: 'Corpus Christi' },
];

const nationalCache = new Map<number, readonly Holiday[]>();

/** The national holidays of a year (fixed and Easter-based), in date order. */
export function nationalHolidays(year: number): Holiday[] {
  let list = nationalCache.get(year);
  if (!list) {
    const easter = easterSunday(year);
    list = [
      ...FIXED.filter((f) => !f.since || year >= f.since).map((f) => ({ data: `${year}-${f.md}`, nome: f.nome })),
      ...FROM_EASTER.map((e) => ({ data: addCalendarDays(easter, e.offset), nome: e.nome })),
    ].sort((x, y) => x.data.localeCompare(y.data));
    nationalCache.set(year, list);
  }
  return list.map((h) => ({ ...h }));
}

function isNationalHoliday(d: IsoDate): boolean {
  const year = Number(d.slice(0, 4));
  let list = nationalCache.get(year);
  if (!list) {
    nationalHolidays(year);
    list = nationalCache.get(year)!;
  }
  return list.some((h) => h.data === d);
}

/** The national holiday's name on that day, or null. */
export function nationalHolidayName(d: IsoDate): string | null {
  toDayNumber(d);
  return nationalHolidays(Number(d.slice(0, 4))).find((h) => h.data === d)?.nome ?? null;
}

/**
 * Extra non-working days that are not held as elements but answered by `has` (a Junta's calendar:
 * its state's and capital's holidays of any year, plus the firm's days): `setsFor` names the sets
 * that hold every such day of the years from `fromYear` to `toYear`, for counting a span.
 */
export interface HolidayCalendar extends ReadonlySet<IsoDate> {
  setsFor(fromYear: number, toYear: number): readonly ReadonlySet<IsoDate>[];
}

export type ExtraHolidays = ReadonlySet<IsoDate> | readonly IsoDate[] | HolidayCalendar;

function asSet(extra: ExtraHolidays | undefined): ReadonlySet<IsoDate> {
  if (!extra) return EMPTY;
  return extra instanceof Set ? extra : new Set(extra as readonly IsoDate[]);
}
const EMPTY: ReadonlySet<IsoDate> = new Set();

function isCalendar(extra: ExtraHolidays): extra is HolidayCalendar {
  return typeof (extra as Partial<HolidayCalendar>).setsFor === 'function';
}

/**
 * The weekday numbers of a set's valid days, read once per set: a page of registros counts each
 * row's deadline against the same few sets. A set that has grown or shrunk since is read again.
 */
const weekdayNumbers = new WeakMap<ReadonlySet<IsoDate>, { size: number; days: readonly number[] }>();

function weekdayNumbersOf(set: ReadonlySet<IsoDate>): readonly number[] {
  const hit = weekdayNumbers.get(set);
  if (hit && hit.size === set.size) return hit.days;
  const days: number[] = [];
  for (const d of set) {
    const n = dayNumberOf(d);
    if (n !== null && !isWeekendDay(n)) days.push(n);
  }
  weekdayNumbers.set(set, { size: set.size, days });
  return days;
}

/** The sets whose days may fall in the day numbers [lo, hi). */
function extraSets(lo: number, hi: number, extra: ExtraHolidays | undefined): readonly ReadonlySet<IsoDate>[] {
  if (!extra) return [];
  if (isCalendar(extra)) return extra.setsFor(yearOfDay(lo), yearOfDay(hi - 1));
  return [asSet(extra)];
}

function yearOfDay(n: number): number {
  return new Date(n * DAY_MS).getUTCFullYear();
}

export function isBusinessDay(d: IsoDate, extra?: ExtraHolidays): boolean {
  return !isWeekend(d) && !isNationalHoliday(d) && !asSet(extra).has(d);
}

/**
 * The n-th business day after `start` (n > 0), or before it (n < 0). The start day itself never
 * counts, so a request made on a Friday with n = 1 is due on Monday (if Monday works). With n = 0
 * the answer is `start` when it is a business day, else the next business day.
 */
export function addBusinessDays(start: IsoDate, n: number, extra?: ExtraHolidays): IsoDate {
  if (!Number.isInteger(n) || Math.abs(n) > MAX_BUSINESS_DAYS) {
    throw new RangeError(`Número de dias úteis inválido: ${n} (máximo ${MAX_BUSINESS_DAYS}).`);
  }
  const set = asSet(extra);
  let day = toDayNumber(start);
  if (n === 0) {
    while (!isBusinessDay(fromDayNumber(day), set)) day += 1;
    return fromDayNumber(day);
  }
  const step = n > 0 ? 1 : -1;
  let left = Math.abs(n);
  while (left > 0) {
    day += step;
    if (isBusinessDay(fromDayNumber(day), set)) left -= 1;
  }
  return fromDayNumber(day);
}

/**
 * Signed count of business days from `from` to `to`: the business days in (from, to] when
 * to ≥ from, minus those in [to, from) otherwise. It is the inverse of addBusinessDays:
 * addBusinessDays(from, businessDaysBetween(from, to)) === to whenever `to` is a business day.
 */
export function businessDaysBetween(from: IsoDate, to: IsoDate, extra?: ExtraHolidays): number {
  if (!countableSpan(from, to)) throw new RangeError('Intervalo de datas grande demais.');
  const a = toDayNumber(from);
  const b = toDayNumber(to);
  // Counted, not walked day by day (a list of 25 registros with dates years apart walked ~20,000
  // days a request): the weekdays of the span, less the holidays that fall on one of them.
  return b >= a ? workingDaysIn(a + 1, b + 1, extra) : -workingDaysIn(b, a, extra);
}

/** Whether businessDaysBetween counts from `from` to `to` (at most 2 × MAX_BUSINESS_DAYS calendar days apart). */
export function countableSpan(from: IsoDate, to: IsoDate): boolean {
  return Math.abs(toDayNumber(to) - toDayNumber(from)) <= MAX_BUSINESS_DAYS * 2;
}

/** Day number of a Monday (1970-01-05): the origin of weekdaysBefore. */
const A_MONDAY = 4;

/** How many weekdays (Monday to Friday) come before day number n, counted from A_MONDAY (negative before it). */
function weekdaysBefore(n: number): number {
  const k = n - A_MONDAY;
  const weeks = Math.floor(k / 7);
  return weeks * 5 + Math.min(k - weeks * 7, 5);
}

/** Business days among the day numbers [lo, hi). */
function workingDaysIn(lo: number, hi: number, extra?: ExtraHolidays): number {
  if (hi <= lo) return 0;
  const holidays = new Set<number>();
  const onAWeekday = (n: number) => n >= lo && n < hi && !isWeekendDay(n);
  const lastYear = yearOfDay(hi - 1);
  for (let year = yearOfDay(lo); year <= lastYear; year++) {
    for (const h of nationalDayNumbers(year)) if (onAWeekday(h)) holidays.add(h);
  }
  for (const set of extraSets(lo, hi, extra)) {
    for (const n of weekdayNumbersOf(set)) if (n >= lo && n < hi) holidays.add(n);
  }
  return weekdaysBefore(hi) - weekdaysBefore(lo) - holidays.size;
}

const nationalDays = new Map<number, readonly number[]>();

function nationalDayNumbers(year: number): readonly number[] {
  let days = nationalDays.get(year);
  if (!days) nationalDays.set(year, (days = nationalHolidays(year).map((h) => toDayNumber(h.data))));
  return days;
}

const SAO_PAULO_DAY = onFirstUse(() => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }));

/** The last answer of todayInSaoPaulo, by minute: every offset of São Paulo's is whole hours. */
let lastToday: { minute: number; day: IsoDate } | null = null;

/** The calendar day it is in São Paulo at `now` (the firm's "today"). */
export function todayInSaoPaulo(now: Date = new Date()): IsoDate {
  const minute = Math.floor(now.getTime() / 60_000);
  if (lastToday?.minute === minute) return lastToday.day;
  const parts: Record<string, string> = {};
  for (const { type, value } of SAO_PAULO_DAY().formatToParts(now)) parts[type] = value;
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  if (Number.isFinite(minute)) lastToday = { minute, day };
  return day;
}
