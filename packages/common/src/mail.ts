/*
 * How the mailbox list shows a message (§2.14, §9): the date column, the subject and the preview.
 * Pure functions, used by the server (the preview it sends) and by the panel.
 */
import { formatDateTimeBR, onFirstUse } from './format';

export const EMAIL_SUBJECT_MAX = 100;
export const EMAIL_PREVIEW_MAX = 120;
export const NO_SUBJECT = '(sem assunto)';
export const YESTERDAY = 'Ontem';
/** Three dots, so that a cut preview is 117 characters plus the ellipsis: 120 (§9). */
export const ELLIPSIS = '...';

const SHORT_MONTHS = ['jan.', 'fev.', 'mar.', 'abr.', 'mai.', 'jun.', 'jul.', 'ago.', 'set.', 'out.', 'nov.', 'dez.'];

/** Cuts to at most `max` characters, the ellipsis included; counts code points, so no emoji is split. */
export function cutText(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return chars.slice(0, max - ELLIPSIS.length).join('').trimEnd() + ELLIPSIS;
}

/** The whole subject as the reading view shows it: '(sem assunto)' when blank, never cut. */
export function emailSubject(subject: string | null | undefined): string {
  return String(subject ?? '').replace(/\s+/g, ' ').trim() || NO_SUBJECT;
}

/** The subject as the list shows it: '(sem assunto)' when blank, at most 100 characters. */
export function emailSubjectLine(subject: string | null | undefined): string {
  const s = emailSubject(subject);
  return s === NO_SUBJECT ? s : cutText(s, EMAIL_SUBJECT_MAX);
}

/** The first two non-empty lines of the text body joined by a space, at most 120 characters. */
export function emailPreview(text: string | null | undefined): string {
  const lines = String(text ?? '')
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .slice(0, 2);
  return cutText(lines.join(' '), EMAIL_PREVIEW_MAX);
}

interface CalendarDay {
  y: number;
  m: number;
  d: number;
  time: string;
}

// formatDateTimeBR already gives 'dd/mm/aaaa hh:mm' in São Paulo time: read the parts back from it.
function dayInSaoPaulo(date: Date): CalendarDay | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}:\d{2})$/.exec(formatDateTimeBR(date));
  return m ? { d: Number(m[1]), m: Number(m[2]), y: Number(m[3]), time: m[4] } : null;
}

function sameDay(a: CalendarDay, b: { y: number; m: number; d: number }): boolean {
  return a.y === b.y && a.m === b.m && a.d === b.d;
}

/**
 * The list's date column, in São Paulo time: '14:05' today, 'Ontem' yesterday, '5 de mar.' this
 * year, '5 de mar. de 2024' before. Empty for a date that cannot be read.
 */
export function emailListDate(value: string | number | Date | null | undefined, now: Date = new Date()): string {
  if (value == null || value === '') return '';
  const day = dayInSaoPaulo(value instanceof Date ? value : new Date(value));
  const today = dayInSaoPaulo(now);
  if (!day || !today) return '';
  if (sameDay(day, today)) return day.time;
  const y = new Date(Date.UTC(today.y, today.m - 1, today.d - 1));
  if (sameDay(day, { y: y.getUTCFullYear(), m: y.getUTCMonth() + 1, d: y.getUTCDate() })) return YESTERDAY;
  const dayMonth = `${day.d} de ${SHORT_MONTHS[day.m - 1]}`;
  return day.y === today.y ? dayMonth : `${dayMonth} de ${day.y}`;
}

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];
const ONE_DECIMAL = onFirstUse(() => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }));

/** '0 B', '900 B', '1,5 KB', '25 MB', '3,5 GB' (powers of 1024, as the storage bar and attachments show). */
export function formatFileSize(bytes: number | null | undefined): string {
  let n = Number(bytes);
  if (!Number.isFinite(n) || n < 0) n = 0;
  let unit = 0;
  // Compare after rounding, so 1023.96 KB shows as 1 MB and not as '1.024 KB'.
  while (Math.round(n * 10) / 10 >= 1024 && unit < SIZE_UNITS.length - 1) {
    n /= 1024;
    unit += 1;
  }
  const shown = unit === 0 ? String(Math.round(n)) : ONE_DECIMAL().format(Math.round(n * 10) / 10);
  return `${shown} ${SIZE_UNITS[unit]}`;
}
