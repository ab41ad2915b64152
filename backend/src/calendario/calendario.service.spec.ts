import { addCalendarDays, businessDaysBetween, IsoDate } from '@veritas/common';
import type { Repository } from 'typeorm';
import { CalendarioService } from './calendario.service';
import type { Feriado } from './entities/feriado.entity';
import { JuntaDays } from './junta-feriados';

/** The firm's own days as the `feriados` table would give them (only `find` is read by firmDays). */
function serviceWith(days: IsoDate[]): { service: CalendarioService; days: IsoDate[] } {
  const repo = { find: async () => days.map((data) => ({ data })) } as unknown as Repository<Feriado>;
  return { service: new CalendarioService(repo), days };
}

describe('CalendarioService.businessDaysOn (issue 14: a list page counts each Junta and due date once)', () => {
  it('answers what businessDaysBetween answers on the Junta calendar, remembered or not', async () => {
    const { service } = serviceWith(['2026-07-08', '2026-12-24']);
    const firm = await service.firmDays();
    const from = '2026-06-29';
    for (const uf of ['SP', 'RJ', 'MG', 'DF', null, 'XX']) {
      for (let d = 0; d < 400; d += 7) {
        const to = addCalendarDays(from, d);
        const expected = businessDaysBetween(from, to, uf && uf !== 'XX' ? new JuntaDays(uf as 'SP', firm) : firm);
        expect(service.businessDaysOn(firm, uf, from, to)).toBe(expected);
        // The second time from the memo: the same.
        expect(service.businessDaysOn(firm, uf, from, to)).toBe(expected);
      }
    }
    // São Paulo, 6 → 13 July 2026: 9 July (state) and the firm's 8 July are not business days.
    expect(service.businessDaysOn(firm, 'SP', '2026-07-06', '2026-07-13')).toBe(3);
    expect(service.businessDaysOn(firm, 'RJ', '2026-07-06', '2026-07-13')).toBe(4);
  });

  it('a firm day added reads a new set, and the count follows it', async () => {
    const { service, days } = serviceWith([]);
    const before = await service.firmDays();
    expect(service.businessDaysOn(before, 'RJ', '2026-07-06', '2026-07-13')).toBe(5);
    days.push('2026-07-08');
    // What createFeriado and removeFeriado do: forget the set read (private, as those methods reach it).
    (service as unknown as { cache: unknown }).cache = null;
    const after = await service.firmDays();
    expect(after).not.toBe(before);
    expect(service.businessDaysOn(after, 'RJ', '2026-07-06', '2026-07-13')).toBe(4);
    expect(service.businessDaysOn(before, 'RJ', '2026-07-06', '2026-07-13')).toBe(5);
  });
});
