import { buildIcs, vtimezone } from './ics';

describe('agenda iCalendar', () => {
  it('writes São Paulo as one standard offset (no summer time since 2019)', () => {
    const tz = vtimezone('America/Sao_Paulo');
    expect(tz.split('\r\n')).toEqual([
      'BEGIN:VTIMEZONE',
      'TZID:America/Sao_Paulo',
      'X-LIC-LOCATION:America/Sao_Paulo',
      'BEGIN:STANDARD',
      'TZOFFSETFROM:-0300',
      'TZOFFSETTO:-0300',
      'TZNAME:-03',
      'DTSTART:19700101T000000',
      'END:STANDARD',
      'END:VTIMEZONE',
    ]);
  });

  it('writes timed entries in São Paulo wall time and all-day entries as dates', () => {
    const text = buildIcs({
      name: 'Teste',
      entries: [
        { uid: 'evento-1@veritas', titulo: 'Reunião', inicio: new Date('2027-01-04T13:30:00Z'), fim: new Date('2027-01-04T14:00:00Z'), allDay: false, rrule: 'FREQ=WEEKLY;COUNT=2' },
        { uid: 'prazo-2@veritas', titulo: 'Prazo', inicio: '2027-12-24', fim: '2027-12-25', allDay: true, descricao: 'Cliente: X\nProtocolo: 2027-000001' },
      ],
    });
    expect(text).toContain('DTSTART;TZID=America/Sao_Paulo:20270104T103000');
    expect(text).toContain('DTEND;TZID=America/Sao_Paulo:20270104T110000');
    expect(text).toContain('RRULE:FREQ=WEEKLY;COUNT=2');
    expect(text).toContain('DTSTART;VALUE=DATE:20271224');
    expect(text).toContain('DESCRIPTION:Cliente: X\\nProtocolo: 2027-000001');
    expect(text.match(/BEGIN:VCALENDAR/g)).toHaveLength(1);
    expect(text.match(/^DTSTAMP:\d{8}T\d{6}Z\r$/gm)).toHaveLength(2);
    expect(text).not.toContain('METHOD:');
  });

  it('marks an invitation and its cancellation', () => {
    const entry = { uid: 'evento-1@veritas', titulo: 'Assinatura', inicio: new Date('2027-01-04T13:30:00Z'), fim: new Date('2027-01-04T14:00:00Z'), allDay: false, sequence: 2 };
    const organizer = { name: 'Veritas', email: 'nao-responda@exemplo.com.br' };
    const invite = buildIcs({ name: 'Veritas', method: 'REQUEST', organizer, entries: [{ ...entry, attendee: { email: 'cliente@exemplo.com.br', name: 'Cliente' } }] });
    expect(invite).toContain('METHOD:REQUEST');
    expect(invite).toContain('SEQUENCE:2');
    // RFC 5545 folds long lines (CRLF + space): unfold before reading them.
    expect(invite.replace(/\r\n /g, '')).toMatch(/ATTENDEE;[^\r\n]*RSVP=TRUE[^\r\n]*:MAILTO:cliente@exemplo\.com\.br/);
    const cancel = buildIcs({ name: 'Veritas', method: 'CANCEL', organizer, entries: [{ ...entry, cancelled: true }] });
    expect(cancel).toContain('METHOD:CANCEL');
    expect(cancel).toContain('STATUS:CANCELLED');
  });

  it('escapes every text field per RFC 5545 (issue 55): no CR/LF injects a line, calendar name and NAME included', () => {
    const hostile = 'Ana\r\nX-INJ:1;a,b\\c\rY-INJ:2\nZ-INJ:3';
    const text = buildIcs({
      name: `Agenda de ${hostile}`,
      organizer: { name: hostile, email: 'ana@veritas.com.br' },
      entries: [
        { uid: 'e1@veritas', titulo: hostile, inicio: '2027-03-01', fim: '2027-03-02', allDay: true, local: hostile, descricao: hostile, attendee: { email: 'bob@exemplo.com', name: hostile } },
      ],
    });
    // Content lines, unfolded (RFC 5545 §3.1): none begins with an injected property.
    const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
    expect(lines.filter((l) => /^(X-INJ|Y-INJ|Z-INJ)/.test(l))).toEqual([]);
    expect(text).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
    const escaped = 'Ana\\nX-INJ:1\\;a\\,b\\\\c\\nY-INJ:2\\nZ-INJ:3';
    expect(lines).toContain(`X-WR-CALNAME:Agenda de ${escaped}`);
    expect(lines).toContain(`NAME:Agenda de ${escaped}`);
    expect(lines).toContain(`SUMMARY:${escaped}`);
    expect(lines).toContain(`LOCATION:${escaped}`);
    expect(lines).toContain(`DESCRIPTION:${escaped}`);
    // Parameter values (CN) cannot hold CR/LF or quotes at all: they are quoted, the breaks spaces.
    for (const l of lines.filter((x) => /^(ORGANIZER|ATTENDEE)/.test(x))) expect(l).toContain('CN="Ana X-INJ:1;a,b\\\\c Y-INJ:2 Z-INJ:3"');
  });
});

