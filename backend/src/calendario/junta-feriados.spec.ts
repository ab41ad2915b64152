import { addBusinessDays, addCalendarDays, businessDaysBetween, isBusinessDay, Uf } from '@veritas/common';
import { JuntaDays, juntaLocalHolidays } from './junta-feriados';

/*
 * Known non-working days per Junta, 2025–2027, each from law:
 * - national 20 November: Lei federal 14.759/2023 (from 2024), for every UF (date-holidays 3.37
 *   misses it for SP, RJ, AM and MT: the calendar takes it from @veritas/common);
 * - SP 09/07 Revolução Constitucionalista: Lei estadual 9.497/1997; São Paulo city 25/01: Lei
 *   municipal 14.485/2007;
 * - RJ 23/04 São Jorge: Lei estadual 5.198/2008; Rio city 20/01 São Sebastião: Lei municipal 5.146/2010;
 * - Belo Horizonte 15/08 Assunção and 08/12 Imaculada Conceição: Lei municipal 5.120/1988 (feriados religiosos);
 * - BA 02/07 Independência da Bahia: Constituição do Estado da Bahia, art. 6º;
 * - RS 20/09 Revolução Farroupilha: Lei estadual 4.850/1964; Porto Alegre 02/02 Navegantes;
 * - AM 05/09 Elevação do Amazonas a província: Lei estadual 25/1977;
 * - PA 15/08 Adesão do Pará: Lei estadual 5.999/1996;
 * - CE 25/03 Data Magna (abolição no Ceará): Lei estadual 13.170/2002 (Constituição estadual);
 * - DF 30/11 Dia do Evangélico: Lei distrital 963/1995;
 * - Curitiba 08/09 Nossa Senhora da Luz dos Pinhais: Lei municipal 2.467/1964;
 * - Recife 16/07 Nossa Senhora do Carmo: Lei municipal 13.977/1981.
 */
const KNOWN: [Uf, string[]][] = [
  ['SP', ['07-09', '01-25', '11-20']],
  ['RJ', ['04-23', '01-20', '11-20']],
  ['MG', ['08-15', '12-08', '11-20']],
  ['BA', ['07-02', '11-20']],
  ['RS', ['09-20', '02-02', '11-20']],
  ['AM', ['09-05', '11-20']],
  ['PA', ['08-15', '11-20']],
  ['CE', ['03-25', '11-20']],
  ['DF', ['11-30', '11-20']],
  ['PR', ['09-08', '11-20']],
  ['PE', ['07-16', '11-20']],
  ['MT', ['11-20']],
];

const rows = KNOWN.flatMap(([uf, mds]) => [2025, 2026, 2027].flatMap((y) => mds.map((md) => [uf, `${y}-${md}`] as const)));

describe('Juntas calendars', () => {
  it.each(rows)('%s: %s is not a business day', (uf, day) => {
    expect(isBusinessDay(day, new JuntaDays(uf, new Set()))).toBe(false);
  });

  it('keeps another state’s holiday a business day (São Jorge is Rio’s, not São Paulo’s)', () => {
    // 2026-04-23 and 2027-07-09 fall on weekdays.
    expect(isBusinessDay('2026-04-23', new JuntaDays('SP', new Set()))).toBe(true);
    expect(isBusinessDay('2027-07-09', new JuntaDays('RJ', new Set()))).toBe(true);
    expect(isBusinessDay('2026-04-23', new JuntaDays('RJ', new Set()))).toBe(false);
  });

  it('lists only real holidays: no election Sundays, no national days twice', () => {
    for (const uf of ['SP', 'RJ', 'MG', 'AC'] as Uf[]) {
      const list = juntaLocalHolidays(uf, 2026);
      expect(list.some((h) => /elei/i.test(h.nome))).toBe(false);
      expect(list.some((h) => h.data === '2026-12-25' || h.data === '2026-11-20')).toBe(false);
    }
    expect(juntaLocalHolidays('SP', 2026)).toEqual([
      { data: '2026-01-25', nome: 'Aniversário da Cidade', tipo: 'municipal' },
      { data: '2026-07-09', nome: 'Revolução Constitucionalista', tipo: 'estadual' },
    ]);
  });

  it('counts deadlines across a state holiday and the new year, with the firm’s own days', () => {
    // Thu 2026-07-09 is a holiday in SP only: 1 business day after Wed 07-08 is Fri 07-10 there.
    expect(addBusinessDays('2026-07-08', 1, new JuntaDays('SP', new Set()))).toBe('2026-07-10');
    expect(addBusinessDays('2026-07-08', 1, new JuntaDays('RJ', new Set()))).toBe('2026-07-09');
    // Rio: Fri 2027-01-01 national, Wed 01-20 São Sebastião; the firm closes Mon 2027-01-04.
    const rio = new JuntaDays('RJ', new Set(['2027-01-04']));
    expect(addBusinessDays('2026-12-31', 1, rio)).toBe('2027-01-05');
    expect(addBusinessDays('2027-01-19', 1, rio)).toBe('2027-01-21');
  });

  it('counts the business days between two dates on a Junta calendar as a walk over each day does', () => {
    // SP, 6 to 13 July 2026: the firm closes Wed 07-08, the state Thu 07-09 — Tue, Fri and Mon remain.
    const sp = new JuntaDays('SP', new Set(['2026-07-08']));
    expect(businessDaysBetween('2026-07-06', '2026-07-13', sp)).toBe(3);
    expect(businessDaysBetween('2026-07-13', '2026-07-06', sp)).toBe(-3);
    expect(businessDaysBetween('2026-07-06', addBusinessDays('2026-07-06', 4, sp), sp)).toBe(4);
    for (const uf of ['SP', 'RJ', 'MG', 'BA', 'RS'] as Uf[]) {
      const days = new JuntaDays(uf, new Set(['2026-12-24', '2027-03-19', '2028-02-29']));
      const walk = (from: string, to: string) => {
        let n = 0;
        for (let d = addCalendarDays(from, 1); d <= to; d = addCalendarDays(d, 1)) n += isBusinessDay(d, days) ? 1 : 0;
        return n;
      };
      for (const [from, to] of [['2025-12-20', '2026-02-10'], ['2026-06-30', '2026-09-30'], ['2026-11-01', '2028-03-15']]) {
        expect([uf, from, to, businessDaysBetween(from, to, days)]).toEqual([uf, from, to, walk(from, to)]);
      }
    }
  });
});
