import { TZDate } from '@date-fns/tz';
import ical, { ICalAttendeeRole, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { AGENDA_TZ } from './recurrence';

/** One VEVENT. Timed entries take instants; all-day entries take dates ('YYYY-MM-DD', fim exclusive). */
export interface IcsEntry {
  uid: string;
  titulo: string;
  inicio: Date | string;
  fim: Date | string;
  allDay: boolean;
  rrule?: string | null;
  local?: string | null;
  url?: string | null;
  descricao?: string | null;
  sequence?: number;
  attendee?: { email: string; name: string } | null;
  cancelled?: boolean;
}

export interface IcsCalendar {
  name: string;
  method?: 'REQUEST' | 'CANCEL';
  organizer?: { name: string; email: string };
  entries: IcsEntry[];
}

function offsetText(minutesEast: number): string {
  const sign = minutesEast < 0 ? '-' : '+';
  const abs = Math.abs(minutesEast);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

/**
 * The VTIMEZONE of America/Sao_Paulo, which has kept one offset all year since daylight saving
 * ended in 2019: a single STANDARD rule with the zone's offset, read from the runtime's tz data.
 * (Published VTIMEZONE bundles still carry pre-2019 summer time for this zone.)
 */
export function vtimezone(tz: string): string {
  const offset = -new TZDate(Date.now(), tz).getTimezoneOffset();
  const text = offsetText(offset);
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${tz}`,
    `X-LIC-LOCATION:${tz}`,
    'BEGIN:STANDARD',
    `TZOFFSETFROM:${text}`,
    `TZOFFSETTO:${text}`,
    `TZNAME:${text.slice(0, 3)}`,
    'DTSTART:19700101T000000',
    'END:STANDARD',
    'END:VTIMEZONE',
  ].join('\r\n');
}

function at(v: Date | string): TZDate {
  if (typeof v === 'string') {
    const [y, m, d] = v.split('-').map(Number);
    return new TZDate(y, m - 1, d, 0, 0, 0, AGENDA_TZ);
  }
  return new TZDate(v.getTime(), AGENDA_TZ);
}

/**
 * RFC 5545 §3.3.11 TEXT: backslash, semicolon and comma escaped, every line break (CRLF, CR, LF) as
 * "\n". ical-generator 10 does this for the events' fields but writes the calendar's NAME and
 * X-WR-CALNAME as given, so a CR/LF in a person's name started a line of its own (issue 55).
 */
export function icsText(v: string): string {
  return v.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * A parameter value (CN of ORGANIZER and ATTENDEE), which RFC 5545 §3.1 lets hold neither controls nor
 * DQUOTE and has no escapes: line breaks and controls become spaces, quotes are dropped.
 */
export function icsParam(v: string): string {
  return v.replace(/\r\n|[\u0000-\u001f\u007f]/g, ' ').replace(/"/g, '');
}

/** RFC 5545 text by ical-generator, times written with TZID=America/Sao_Paulo; every text escaped. */
export function buildIcs(cal: IcsCalendar): string {
  const calendar = ical({
    name: icsText(cal.name),
    prodId: { company: 'Veritas', product: 'Agenda', language: 'PT-BR' },
    timezone: { name: AGENDA_TZ, generator: vtimezone },
    method: cal.method === 'REQUEST' ? ICalCalendarMethod.REQUEST : cal.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : undefined,
  });
  for (const e of cal.entries) {
    const event = calendar.createEvent({
      id: e.uid,
      summary: e.titulo,
      start: at(e.inicio),
      end: at(e.fim),
      allDay: e.allDay,
      timezone: AGENDA_TZ,
      location: e.local || undefined,
      url: e.url || undefined,
      description: e.descricao || undefined,
      sequence: e.sequence ?? 0,
      repeating: e.rrule || undefined,
      status: e.cancelled ? ICalEventStatus.CANCELLED : cal.method ? ICalEventStatus.CONFIRMED : undefined,
      organizer: cal.organizer && { name: icsParam(cal.organizer.name), email: cal.organizer.email },
    });
    if (e.attendee) event.createAttendee({ email: e.attendee.email, name: icsParam(e.attendee.name), rsvp: true, role: ICalAttendeeRole.REQ });
  }
  // RFC 5545 wants DTSTAMP in UTC ("...Z"); with a calendar time zone set, ical-generator writes it
  // as a local time without the Z. Written again here, in UTC.
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  return calendar.toString().replace(/^DTSTAMP:[^\r\n]*$/gm, `DTSTAMP:${stamp}`);
}
