import {
  addBusinessDays,
  addCalendarDays,
  businessDaysBetween,
  countableSpan,
  easterSunday,
  isBusinessDay,
  isIsoDate,
  nationalHolidayName,
  nationalHolidays,
  todayInSaoPaulo,
  weekday,
} from './business-days';

describe('easterSunday', () => {
  // Published dates (including the earliest and latest possible ones).
  it.each([
    [1818, '1818-03-22'],
    [1943, '1943-04-25'],
    [2000, '2000-04-23'],
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2028, '2028-04-16'],
    [2029, '2029-04-01'],
    [2030, '2030-04-21'],
    [2038, '2038-04-25'],
    [2285, '2285-03-22'],
  ])('%i → %s', (year, date) => {
    expect(easterSunday(year)).toBe(date);
    expect(weekday(date)).toBe(0);
  });

  it('refuses years outside the Gregorian calendar', () => {
    expect(() => easterSunday(1500)).toThrow(RangeError);
    expect(() => easterSunday(2026.5)).toThrow(RangeError);
  });
});

describe('nationalHolidays', () => {
  it.each([
    // Movable ones, from Easter.
    ['2026-02-16', 'Carnaval (segunda-feira)'],
    ['2026-02-17', 'Carnaval (terça-feira)'],
    ['2026-04-03', 'Sexta-feira Santa'],
    ['2026-06-04', 'Corpus Christi'],
    ['2027-02-08', 'Carnaval (segunda-feira)'],
    ['2027-02-09', 'Carnaval (terça-feira)'],
    ['2027-03-26', 'Sexta-feira Santa'],
    ['2027-05-27', 'Corpus Christi'],
    ['2025-03-03', 'Carnaval (segunda-feira)'],
    ['2025-06-19', 'Corpus Christi'],
    // Fixed ones.
    ['2027-01-01', 'Confraternização Universal'],
    ['2027-04-21', 'Tiradentes'],
    ['2027-05-01', 'Dia do Trabalho'],
    ['2027-09-07', 'Independência do Brasil'],
    ['2027-10-12', 'Nossa Senhora Aparecida'],
    ['2027-11-02', 'Finados'],
    ['2027-11-15', 'Proclamação da República'],
    ['2027-11-20', 'Dia Nacional de Zumbi e da Consciência Negra'],
    ['2027-12-25', 'Natal'],
  ])('%s is %s', (date, name) => {
    expect(nationalHolidayName(date)).toBe(name);
    expect(isBusinessDay(date)).toBe(false);
  });

  it.each([
    ['2027-02-10', 'Ash Wednesday works (from noon, but the whole day counts)'],
    ['2027-03-28', 'Easter Sunday is a Sunday anyway, not listed'],
    ['2023-11-20', 'Consciência Negra became national only in 2024'],
    ['2027-06-09', 'São Paulo city holiday is not national'],
  ])('%s is not a national holiday (%s)', (date) => {
    expect(nationalHolidayName(date)).toBeNull();
  });

  it('lists 13 holidays a year from 2024 on, in date order', () => {
    const list = nationalHolidays(2027);
    expect(list).toHaveLength(13);
    expect(list.map((h) => h.data)).toEqual([...list.map((h) => h.data)].sort());
    expect(nationalHolidays(2023)).toHaveLength(12);
  });

  it('hands out copies: changing the answer does not change the next one', () => {
    nationalHolidays(2027)[0].nome = 'x';
    expect(nationalHolidays(2027)[0].nome).toBe('Confraternização Universal');
  });
});

describe('addBusinessDays', () => {
  it.each([
    // [start, n, expected, why]
    ['2027-02-05', 1, '2027-02-10', 'Friday before Carnaval: Mon and Tue are holidays'],
    ['2027-02-05', 3, '2027-02-12', 'across Carnaval'],
    ['2027-03-25', 1, '2027-03-29', 'Thursday before Good Friday'],
    ['2027-03-25', 2, '2027-03-30', 'Good Friday and the weekend skipped'],
    ['2027-05-26', 1, '2027-05-28', 'Corpus Christi skipped'],
    ['2026-12-24', 1, '2026-12-28', 'Christmas Friday and the weekend'],
    ['2026-12-30', 2, '2027-01-04', 'across New Year (Friday 1 January)'],
    ['2026-12-31', 1, '2027-01-04', 'year end'],
    ['2027-04-20', 1, '2027-04-22', 'Tiradentes (Wednesday)'],
    ['2027-11-19', 1, '2027-11-22', 'Consciência Negra on a Saturday costs nothing'],
    ['2026-02-13', 1, '2026-02-18', 'Carnaval 2026'],
    ['2027-01-04', 15, '2027-01-25', 'three plain weeks'],
    ['2027-02-01', 15, '2027-02-24', 'fifteen business days across Carnaval'],
    ['2027-02-06', 0, '2027-02-10', 'n = 0 on a Saturday before Carnaval moves to the next business day'],
    ['2027-02-10', 0, '2027-02-10', 'n = 0 on a business day stays'],
    ['2027-02-10', -1, '2027-02-05', 'backwards across Carnaval'],
    ['2027-01-04', -1, '2026-12-31', 'backwards across New Year'],
  ])('%s + %i → %s (%s)', (start, n, expected) => {
    expect(addBusinessDays(start, n)).toBe(expected);
  });

  it("skips the firm's own non-working days", () => {
    // 25 January, São Paulo city anniversary, 2027 is a Monday.
    expect(addBusinessDays('2027-01-22', 1)).toBe('2027-01-25');
    expect(addBusinessDays('2027-01-22', 1, ['2027-01-25'])).toBe('2027-01-26');
    expect(addBusinessDays('2027-01-22', 1, new Set(['2027-01-25', '2027-01-26']))).toBe('2027-01-27');
  });

  it('refuses bad input', () => {
    expect(() => addBusinessDays('2027-02-30', 1)).toThrow(RangeError);
    expect(() => addBusinessDays('27-02-01', 1)).toThrow(RangeError);
    expect(() => addBusinessDays('2027-02-01', 1.5)).toThrow(RangeError);
    expect(() => addBusinessDays('2027-02-01', 1e9)).toThrow(RangeError);
  });
});

describe('businessDaysBetween', () => {
  it('counts spans of up to twice MAX_BUSINESS_DAYS calendar days, and says which ones it cannot', () => {
    expect(countableSpan('2026-11-28', '2046-11-28')).toBe(true);
    expect(countableSpan('2026-11-28', '2099-01-01')).toBe(false);
    expect(countableSpan('2099-01-01', '2026-11-28')).toBe(false);
    expect(() => businessDaysBetween('2026-11-28', '2099-01-01')).toThrow(RangeError);
    expect(businessDaysBetween('2026-11-28', '2046-11-28')).toBeGreaterThan(4900);
  });

  it.each([
    ['2027-02-05', '2027-02-10', 1],
    ['2027-02-05', '2027-02-12', 3],
    ['2027-02-10', '2027-02-10', 0],
    ['2027-02-10', '2027-02-05', -1],
    ['2026-12-24', '2027-01-04', 5], // 28–31 December and 4 January; Christmas, New Year and two weekends skipped
    ['2027-02-06', '2027-02-07', 0], // a weekend
  ])('%s → %s = %i', (from, to, n) => {
    expect(businessDaysBetween(from, to)).toBe(n);
  });

  it('is the inverse of addBusinessDays', () => {
    const starts = ['2026-12-20', '2027-02-05', '2027-03-24', '2027-05-26', '2027-11-12'];
    for (const start of starts) {
      for (const n of [-20, -3, -1, 1, 2, 7, 15, 30]) {
        const end = addBusinessDays(start, n, ['2027-01-25']);
        expect([start, n, businessDaysBetween(start, end, ['2027-01-25'])]).toEqual([start, n, n]);
      }
    }
  });

  it('counts what a walk over every day counts, across years, weekends and extra holidays', () => {
    // Extra holidays on a weekday, on a weekend, on a national holiday, repeated, and not a date.
    const extra = ['2027-01-25', '2027-02-06', '2026-12-25', '2027-01-25', 'amanhã', '2030-07-09'];
    const walk = (from: string, to: string) => {
      let n = 0;
      if (to >= from) for (let d = addCalendarDays(from, 1); d <= to; d = addCalendarDays(d, 1)) n += isBusinessDay(d, extra) ? 1 : 0;
      else for (let d = to; d < from; d = addCalendarDays(d, 1)) n -= isBusinessDay(d, extra) ? 1 : 0;
      return n;
    };
    let seed = 7;
    const random = (k: number) => ((seed = (seed * 48271) % 2147483647) % k);
    for (let i = 0; i < 300; i++) {
      const from = addCalendarDays('2024-01-01', random(2500));
      const to = addCalendarDays(from, random(1500) - 750);
      expect([from, to, businessDaysBetween(from, to, extra)]).toEqual([from, to, walk(from, to)]);
    }
  });

  it('reads a set of extra days again once it has grown (its days are kept per set)', () => {
    const firm = new Set(['2027-03-10']);
    expect(businessDaysBetween('2027-03-08', '2027-03-12', firm)).toBe(3);
    firm.add('2027-03-11');
    expect(businessDaysBetween('2027-03-08', '2027-03-12', firm)).toBe(2);
  });

  it('takes the days of a calendar that names its sets per span of years', () => {
    const y2026 = new Set(['2026-12-30']);
    const y2027 = new Set(['2027-01-04']);
    const asked: number[][] = [];
    const calendar = Object.assign(new Set<string>(), {
      has: (d: string) => y2026.has(d) || y2027.has(d),
      setsFor: (from: number, to: number) => (asked.push([from, to]), [y2026, y2027].filter((_, i) => 2026 + i >= from && 2026 + i <= to)),
    });
    // Mon 12-28 → Tue 01-05: 12-29, 12-31 and 01-05 work (12-30 and 01-04 closed, 01-01 national).
    expect(businessDaysBetween('2026-12-28', '2027-01-05', calendar)).toBe(3);
    expect(asked).toEqual([[2026, 2027]]);
  });
});

describe('dates', () => {
  it.each([
    ['2027-02-28', true],
    ['2028-02-29', true],
    ['2027-02-29', false],
    ['2027-13-01', false],
    ['2027-1-01', false],
    ['', false],
    ['2027-04-31', false],
    ['2027-00-10', false],
    ['2027-12-00', false],
    ['0050-01-01', false],
    ['1900-02-29', false],
    ['2000-02-29', true],
    [' 2027-01-01', false],
    ['2027-01-01\n', false],
  ])('isIsoDate(%j) = %s', (v, ok) => {
    expect(isIsoDate(v)).toBe(ok);
  });

  it('adds calendar days across month and year ends', () => {
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addCalendarDays('2028-03-01', -1)).toBe('2028-02-29');
  });

  it.each([
    ['2027-01-01T02:59:00Z', '2026-12-31'], // 23:59 in São Paulo (UTC−3)
    ['2027-01-01T03:00:00Z', '2027-01-01'],
    ['2027-06-15T12:00:00Z', '2027-06-15'],
  ])("today in São Paulo at %s is %s", (instant, day) => {
    expect(todayInSaoPaulo(new Date(instant))).toBe(day);
  });

  it('answers each minute on its own (kept per minute): the last minute of a day, then the first of the next', () => {
    expect(todayInSaoPaulo(new Date('2027-01-01T02:59:59.999Z'))).toBe('2026-12-31');
    expect(todayInSaoPaulo(new Date('2027-01-01T02:59:00Z'))).toBe('2026-12-31');
    expect(todayInSaoPaulo(new Date('2027-01-01T03:00:00Z'))).toBe('2027-01-01');
    expect(todayInSaoPaulo(new Date('2027-01-01T02:59:30Z'))).toBe('2026-12-31');
    expect(() => todayInSaoPaulo(new Date(NaN))).toThrow(RangeError);
  });
});
