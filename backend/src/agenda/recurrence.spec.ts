import { normalizeRrule, occurrencesBetween, RecurrenceError, recurrenceEnd } from './recurrence';

// 10:00 in São Paulo (UTC−3).
const inicio = new Date('2027-03-01T13:00:00Z');
const fim = new Date('2027-03-01T14:00:00Z');

describe('agenda recurrence', () => {
  it.each([
    ['FREQ=WEEKLY;BYDAY=MO;COUNT=3', 'FREQ=WEEKLY;BYDAY=MO;COUNT=3'],
    ['RRULE:FREQ=DAILY', 'FREQ=DAILY'],
  ])('normalises %s', (input, out) => {
    expect(normalizeRrule(input, inicio)).toBe(out);
  });

  it.each(['', 'FREQ=BOGUS', 'garbage', 'FREQ=HOURLY', 'FREQ=DAILY;COUNT=0', 'DTSTART:20270101T000000Z\nFREQ=DAILY', 'FREQ=MONTHLY;BYMONTHDAY=40'])(
    'refuses %p in pt-BR',
    (input) => {
      expect(() => normalizeRrule(input, inicio)).toThrow(RecurrenceError);
    },
  );

  it('expands weekly occurrences at the same São Paulo wall time', () => {
    const occ = occurrencesBetween({ inicio, fim, rrule: 'FREQ=WEEKLY;COUNT=3' }, new Date('2027-03-01T00:00:00Z'), new Date('2027-04-01T00:00:00Z'));
    expect(occ.map((o) => o.inicio.toISOString())).toEqual(['2027-03-01T13:00:00.000Z', '2027-03-08T13:00:00.000Z', '2027-03-15T13:00:00.000Z']);
    expect(occ[2].fim.toISOString()).toBe('2027-03-15T14:00:00.000Z');
  });

  it('keeps an occurrence that started before the window and ends inside it', () => {
    const occ = occurrencesBetween({ inicio, fim, rrule: 'FREQ=DAILY' }, new Date('2027-03-05T13:30:00Z'), new Date('2027-03-05T20:00:00Z'));
    expect(occ.map((o) => o.inicio.toISOString())).toEqual(['2027-03-05T13:00:00.000Z']);
  });

  it('knows where an ending recurrence ends', () => {
    expect(recurrenceEnd({ inicio, fim, rrule: 'FREQ=DAILY;COUNT=3' })?.toISOString()).toBe('2027-03-03T14:00:00.000Z');
    expect(recurrenceEnd({ inicio, fim, rrule: 'FREQ=DAILY' })).toBeNull();
    // UNTIL is an instant: 2027-03-03 12:59 UTC is 09:59 in São Paulo, before the third 10:00.
    expect(recurrenceEnd({ inicio, fim, rrule: 'FREQ=DAILY;UNTIL=20270303T125900Z' })?.toISOString()).toBe('2027-03-02T14:00:00.000Z');
  });
});
