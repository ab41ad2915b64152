import { queryChoice } from '../platform/http';
import { addCalendarDays, IsoDate, todayInSaoPaulo } from '@veritas/common';

/** The period selector of the dashboards (§2.10). */
export const PERIODOS = ['7d', '30d', 'mes', 'ano'] as const;
export type Periodo = (typeof PERIODOS)[number];

export const PERIODO_ROTULOS: Readonly<Record<Periodo, string>> = {
  '7d': 'Últimos 7 dias',
  '30d': 'Últimos 30 dias',
  mes: 'Este mês',
  ano: 'Este ano',
};

export interface Intervalo {
  /** 'YYYY-MM-DD' for a day, 'YYYY-MM' for a month (São Paulo calendar). */
  chave: string;
  inicio: Date;
  fim: Date;
}

export interface PeriodoRange {
  periodo: Periodo;
  inicio: Date;
  fim: Date;
  /** Days for 7d, 30d and mes; months for ano. */
  intervalos: Intervalo[];
}

export function parsePeriodo(v: unknown): Periodo {
  return queryChoice(v, 'periodo', PERIODOS, '30d');
}

/** Midnight in São Paulo, which has kept UTC−3 all year since daylight saving ended in 2019. */
const spMidnight = (d: IsoDate) => new Date(`${d}T00:00:00-03:00`);

function nextMonth(ym: string): string {
  const [y, m] = ym.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * The period in São Paulo's calendar, from its first day's midnight until the end of today, cut
 * into the chart's intervals. "7d" and "30d" include today.
 */
export function periodoRange(periodo: Periodo, now: Date = new Date()): PeriodoRange {
  const today = todayInSaoPaulo(now);
  const fim = spMidnight(addCalendarDays(today, 1));
  if (periodo === 'ano') {
    const year = today.slice(0, 4);
    const intervalos: Intervalo[] = [];
    for (let ym = `${year}-01`; ym <= today.slice(0, 7); ym = nextMonth(ym)) {
      intervalos.push({ chave: ym, inicio: spMidnight(`${ym}-01`), fim: spMidnight(`${nextMonth(ym)}-01`) });
    }
    return { periodo, inicio: intervalos[0].inicio, fim, intervalos };
  }
  const first = periodo === 'mes' ? `${today.slice(0, 7)}-01` : addCalendarDays(today, periodo === '7d' ? -6 : -29);
  const intervalos: Intervalo[] = [];
  for (let d = first; d <= today; d = addCalendarDays(d, 1)) {
    intervalos.push({ chave: d, inicio: spMidnight(d), fim: spMidnight(addCalendarDays(d, 1)) });
  }
  return { periodo, inicio: intervalos[0].inicio, fim, intervalos };
}
