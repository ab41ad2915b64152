import Holidays from 'date-holidays';
import { HolidayCalendar, IsoDate, JuntaFeriadoResponse, juntaPorUf, nationalHolidays, Uf } from '@veritas/common';

/*
 * The holidays of a Junta Comercial's calendar: its state's and its capital city's, from the
 * date-holidays library (public holidays only), on top of the national ones of @veritas/common
 * (business-days.ts), which are the authority: the library loses the national 20 November
 * (Lei 14.759/2023, from 2024) for SP, RJ, AM and MT, and lists election Sundays as holidays.
 */

/** The library's region code for each state's capital, where it has one. */
const CAPITAL_REGION: Partial<Record<Uf, string>> = { SP: 'SP', RJ: 'RJ', MG: 'BH', PE: 'RE', PR: 'CU', GO: 'GOIANIA' };

/**
 * Days the library does not have (month-day, from the year given). Sources: the capitals' municipal
 * holiday laws as published on the cities' calendars — Porto Alegre (Lei municipal 2.034/1959: Nossa
 * Senhora dos Navegantes), Salvador (São João and Nossa Senhora da Conceição da Praia), Fortaleza
 * (Nossa Senhora da Assunção, padroeira), Manaus (aniversário da cidade; Nossa Senhora da
 * Conceição), Vitória (Nossa Senhora da Vitória), Natal (Santos Reis; Nossa Senhora da
 * Apresentação); and Ceará's São José (state law, 19 March).
 */
const EXTRA: Partial<Record<Uf, { md: string; nome: string; tipo: 'estadual' | 'municipal' }[]>> = {
  RS: [{ md: '02-02', nome: 'Nossa Senhora dos Navegantes (Porto Alegre)', tipo: 'municipal' }],
  BA: [
    { md: '06-24', nome: 'São João (Salvador)', tipo: 'municipal' },
    { md: '12-08', nome: 'Nossa Senhora da Conceição da Praia (Salvador)', tipo: 'municipal' },
  ],
  CE: [
    { md: '03-19', nome: 'Dia de São José', tipo: 'estadual' },
    { md: '08-15', nome: 'Nossa Senhora da Assunção (Fortaleza)', tipo: 'municipal' },
  ],
  AM: [
    { md: '10-24', nome: 'Aniversário de Manaus', tipo: 'municipal' },
    { md: '12-08', nome: 'Nossa Senhora da Conceição (Manaus)', tipo: 'municipal' },
  ],
  ES: [{ md: '09-08', nome: 'Nossa Senhora da Vitória (Vitória)', tipo: 'municipal' }],
  RN: [
    { md: '01-06', nome: 'Santos Reis (Natal)', tipo: 'municipal' },
    { md: '11-21', nome: 'Nossa Senhora da Apresentação (Natal)', tipo: 'municipal' },
  ],
};

/** Names the library gives to days that are not holidays at all. */
const NOT_HOLIDAYS = /elei[cç][aã]o/i;

type Local = Omit<JuntaFeriadoResponse, 'tipo'> & { tipo: 'estadual' | 'municipal' };

const cache = new Map<string, readonly Local[]>();

function publicDays(h: Holidays, year: number): Map<IsoDate, string> {
  const out = new Map<IsoDate, string>();
  for (const d of h.getHolidays(year) || []) {
    if (d.type !== 'public' || NOT_HOLIDAYS.test(d.name)) continue;
    const day = d.date.slice(0, 10);
    if (!out.has(day)) out.set(day, d.name);
  }
  return out;
}

/**
 * The state and capital-city holidays of a Junta in a year (national ones left out: they are
 * always non-working anyway), in date order. Cached per UF and year.
 */
export function juntaLocalHolidays(uf: Uf, year: number): readonly Local[] {
  const key = `${uf}:${year}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const national = new Set(nationalHolidays(year).map((h) => h.data));
  const state = publicDays(new Holidays('BR', uf), year);
  const region = CAPITAL_REGION[uf];
  const city = region ? publicDays(new Holidays('BR', uf, region), year) : new Map<IsoDate, string>();
  const byDay = new Map<IsoDate, Local>();
  for (const [data, nome] of state) if (!national.has(data)) byDay.set(data, { data, nome, tipo: 'estadual' });
  for (const [data, nome] of city) if (!national.has(data) && !byDay.has(data)) byDay.set(data, { data, nome, tipo: 'municipal' });
  for (const e of EXTRA[uf] ?? []) {
    const data = `${year}-${e.md}`;
    if (!national.has(data) && !byDay.has(data)) byDay.set(data, { data, nome: e.nome, tipo: e.tipo });
  }
  const list = [...byDay.values()].sort((a, b) => a.data.localeCompare(b.data));
  cache.set(key, list);
  return list;
}

const daySets = new Map<string, ReadonlySet<IsoDate>>();

function localDaySet(uf: Uf, year: number): ReadonlySet<IsoDate> {
  const key = `${uf}:${year}`;
  let set = daySets.get(key);
  if (!set) {
    set = new Set(juntaLocalHolidays(uf, year).map((h) => h.data));
    daySets.set(key, set);
  }
  return set;
}

/**
 * A Junta's extra non-working days (its state's and capital's, plus the firm's own) as the calendar
 * business-days.ts takes: years are loaded as they are asked for, so a deadline counted across New
 * Year needs nothing special. It holds no elements of its own: `has` answers for a day (walking
 * deadlines forward), `setsFor` names the sets that hold a span's days (counting them).
 */
export class JuntaDays extends Set<IsoDate> implements HolidayCalendar {
  constructor(
    readonly uf: Uf,
    private readonly firm: ReadonlySet<IsoDate>,
  ) {
    super();
  }

  override has(d: IsoDate): boolean {
    if (this.firm.has(d)) return true;
    const year = Number(d.slice(0, 4));
    return Number.isInteger(year) && localDaySet(this.uf, year).has(d);
  }

  setsFor(fromYear: number, toYear: number): readonly ReadonlySet<IsoDate>[] {
    const sets = [this.firm];
    for (let year = fromYear; year <= toYear; year++) sets.push(localDaySet(this.uf, year));
    return sets;
  }
}

export function isJuntaUf(uf: string): uf is Uf {
  return !!juntaPorUf(uf);
}
