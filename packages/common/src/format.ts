/*
 * pt-BR display formatting. Times are stored in UTC and always shown in
 * America/Sao_Paulo, whatever the time zone of the server or browser.
 */

export const TIME_ZONE = 'America/Sao_Paulo';
export const LOCALE = 'pt-BR';
export const NOT_AVAILABLE = 'N/A';

/**
 * `make()` on the first call, the same value after. The Intl formatters are built this way: building
 * one (above all with a time zone) loads locale data, ~18 ms on a phone-class CPU for this module's,
 * and a page that never formats a date or an amount (the portal's entry) must not pay it at load.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  let made = false;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value as T;
  };
}

const BRL = onFirstUse(() => new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'BRL' }));

// Moves the decimal point through the string form, which is exact where `n * 100` is not.
function shiftDecimal(n: number, places: number): number {
  const [mantissa, exponent = '0'] = String(n).split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

/** Half away from zero at the second decimal, done in decimal so 1.005 becomes 1.01. */
function round2(n: number): number {
  const cents = Math.round(shiftDecimal(Math.abs(n), 2));
  return Math.sign(n) * shiftDecimal(cents, -2) || 0; // `|| 0`: no -0
}

/**
 * A money amount from whatever the caller holds: a number, a DECIMAL column's
 * string ('1234.50'), a pt-BR typed value ('1.234,50', 'R$ 1.234,50'). Whichever
 * of comma and dot comes last is the decimal point; a lone dot is one, as in the API
 * ('1.234' is 1.234, not 1234).
 * Anything non-numeric is 0, as the client-type form wants (§5).
 */
export function parseMoney(v: unknown): number {
  let n: number;
  if (typeof v === 'number') {
    n = v;
  } else if (typeof v === 'string') {
    let s = v.replace(/R\$|\s/g, '');
    if (s.lastIndexOf(',') > s.lastIndexOf('.')) s = s.replace(/\./g, '').replace(',', '.');
    else s = s.replace(/,/g, '');
    n = s === '' ? 0 : Number(s);
  } else {
    return 0;
  }
  return Number.isFinite(n) ? round2(n) : 0;
}

/** 'R$ 1.234,50' (with the non-breaking space Intl puts after R$). Unreadable values show as R$ 0,00. */
export function formatBRL(value: number | string | null | undefined): string {
  return BRL().format(parseMoney(value));
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const DATE_TIME_PARTS = onFirstUse(
  () =>
    new Intl.DateTimeFormat(LOCALE, {
      timeZone: TIME_ZONE,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
);

type Parts = { day: string; month: string; year: string; hour: string; minute: string };

function toDate(d: string | number | Date): Date {
  return d instanceof Date ? d : new Date(d);
}

// Built from parts because the separator Intl puts between date and time (", " or " ")
// varies across ICU versions.
function partsInSaoPaulo(date: Date): Parts | null {
  if (Number.isNaN(date.getTime())) return null;
  const parts: Record<string, string> = {};
  for (const { type, value } of DATE_TIME_PARTS().formatToParts(date)) parts[type] = value;
  return {
    day: parts.day,
    month: parts.month,
    year: parts.year.padStart(4, '0'),
    hour: parts.hour,
    minute: parts.minute,
  };
}

/**
 * A calendar date such as a birth date ('1990-05-15') has no time zone: read as
 * UTC midnight and shown in São Paulo it would move to the day before. Null when
 * the value is not of that form; 'invalid' when it is but names no real day.
 */
function calendarDate(d: unknown): string | 'invalid' | null {
  if (typeof d !== 'string') return null;
  const m = DATE_ONLY.exec(d.trim());
  if (!m) return null;
  const [, y, mo, da] = m;
  const probe = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(da)));
  const real = probe.getUTCMonth() === Number(mo) - 1 && probe.getUTCDate() === Number(da);
  return real ? `${da}/${mo}/${y}` : 'invalid';
}

function isMissing(d: unknown): boolean {
  return d == null || (typeof d === 'string' && d.trim() === '');
}

/** dd/mm/aaaa in São Paulo time; 'N/A' when missing or invalid. */
export function formatDateBR(d: string | number | Date | null | undefined): string {
  if (isMissing(d)) return NOT_AVAILABLE;
  const calendar = calendarDate(d);
  if (calendar === 'invalid') return NOT_AVAILABLE;
  if (calendar) return calendar;
  const p = partsInSaoPaulo(toDate(d as string | number | Date));
  return p ? `${p.day}/${p.month}/${p.year}` : NOT_AVAILABLE;
}

/**
 * A window of days as a sentence reads it: "entre 20/12/2026 e 23/12/2026", or "em 23/12/2026" when
 * both ends fall on the same day (São Paulo), never "entre 23/12/2026 e 23/12/2026" (issue 53).
 */
export function janelaDatasBR(de: string | number | Date | null | undefined, ate: string | number | Date | null | undefined): string {
  const inicio = formatDateBR(de);
  const fim = formatDateBR(ate);
  return inicio === fim ? `em ${fim}` : `entre ${inicio} e ${fim}`;
}

/** dd/mm/aaaa hh:mm (24 h) in São Paulo time; 'N/A' when missing or invalid. */
export function formatDateTimeBR(d: string | number | Date | null | undefined): string {
  if (isMissing(d)) return NOT_AVAILABLE;
  const calendar = calendarDate(d);
  if (calendar === 'invalid') return NOT_AVAILABLE;
  // Same day as formatDateBR shows, at the start of it.
  if (calendar) return `${calendar} 00:00`;
  const p = partsInSaoPaulo(toDate(d as string | number | Date));
  return p ? `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}` : NOT_AVAILABLE;
}

/**
 * A count with its noun in pt-BR: "0 ativos", "1 ativo", "2 ativos". pt-BR uses the singular for
 * exactly one (−1 too); zero and fractions take the plural. Numbers print in pt-BR ("1.234").
 */
export function plural(count: number, singular: string, pluralForm: string): string {
  return `${count.toLocaleString(LOCALE)} ${Math.abs(count) === 1 ? singular : pluralForm}`;
}

/**
 * A whole number with pt-BR's thousands separator ("5.000", "-1.234.567"), without Intl: for texts built
 * when a module loads (a limit in a message), where building a formatter would cost the page's start.
 */
export function groupThousands(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** '512 bytes', '48 KB', '1,5 MB' (as the server words its own limits). */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) {
    // One decimal at most, comma-separated, as Intl pt-BR writes it; without Intl (limits in texts built at load).
    const [whole, decimal] = String(Number((n / (1024 * 1024)).toFixed(1))).split('.');
    return `${groupThousands(Number(whole))}${decimal ? `,${decimal}` : ''} MB`;
  }
  if (n >= 1024) return `${groupThousands(Math.round(n / 1024))} KB`;
  return `${n} bytes`;
}
