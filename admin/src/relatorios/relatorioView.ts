import { addCalendarDays, formatBRL, todayInSaoPaulo, type RelatorioColuna, type RelatorioDef, type RelatorioValor } from '@veritas/common';

/** The server's default period: from the first day of the month eleven months ago to today. */
export function defaultPeriodo(now = new Date()): { de: string; ate: string } {
  const ate = todayInSaoPaulo(now);
  return { de: `${addCalendarDays(ate, -364).slice(0, 7)}-01`, ate };
}

/** The query of a report from the page's URL: the period (or the default) and the report's own filters only. */
export function reportParams(def: RelatorioDef, search: URLSearchParams, periodo: { de: string; ate: string }): Record<string, string> {
  const params: Record<string, string> = { de: search.get('de') || periodo.de, ate: search.get('ate') || periodo.ate };
  for (const f of def.filtros) {
    const v = search.get(f);
    if (v) params[f] = v;
  }
  return params;
}

/** A figure as the table shows it, in pt-BR. */
export function formatCell(c: RelatorioColuna, v: RelatorioValor): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v !== 'number') return v;
  if (c.tipo === 'percentual') return `${v.toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%`;
  if (c.tipo === 'brl') return formatBRL(v);
  if (c.tipo === 'dias') return v === 1 ? '1 dia' : `${v.toLocaleString('pt-BR')} dias`;
  return v.toLocaleString('pt-BR');
}
