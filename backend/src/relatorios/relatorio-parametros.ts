import { BadRequestException, ForbiddenException, NotFoundException } from '@nestjs/common';
import {
  addCalendarDays,
  can,
  RELATORIO_FILTROS,
  RELATORIOS,
  relatorioPorNome,
  todayInSaoPaulo,
  type RelatorioDef,
  type RelatorioFiltro,
} from '@veritas/common';
import type { AuthPrincipal } from '../platform/request';
import { queryDate } from '../platform/http';

export const RELATORIO_NOT_FOUND = 'Relatório não encontrado.';
/** The longest period a report covers. */
const MAX_PERIOD_DAYS = 366 * 5;

export interface Periodo {
  de: string;
  ate: string;
  /** [inicio, fim) in UTC: from de's midnight to the midnight after ate, São Paulo time. */
  inicio: Date;
  fim: Date;
}

/** A report's filters as asked (servico, responsavelId, tipoClienteId), each at most once. */
export type Filtros = Partial<Record<RelatorioFiltro, string>>;

/** What GET /api/relatorios/:nome asks for: the report, its period and filters, and the file format. */
export interface PedidoDeRelatorio {
  def: RelatorioDef;
  periodo: Periodo;
  filtros: Filtros;
  formato: 'json' | 'csv' | 'xlsx';
}

/** Midnight of a São Paulo calendar day (UTC−3 all year since 2019: no daylight saving). */
const spMidnight = (d: string) => new Date(`${d}T00:00:00-03:00`);

export interface Mes {
  chave: string;
  rotulo: string;
  inicio: Date;
  fim: Date;
}

/** The calendar months a period touches, each cut to the period. */
export function mesesDoPeriodo(p: Periodo): Mes[] {
  const meses: Mes[] = [];
  let [y, m] = p.de.split('-').map(Number);
  for (;;) {
    const first = `${y}-${String(m).padStart(2, '0')}-01`;
    if (first > p.ate) break;
    const nextY = m === 12 ? y + 1 : y;
    const nextM = m === 12 ? 1 : m + 1;
    const next = `${nextY}-${String(nextM).padStart(2, '0')}-01`;
    const inicio = first < p.de ? p.inicio : spMidnight(first);
    const fim = next > addCalendarDays(p.ate, 1) ? p.fim : spMidnight(next);
    meses.push({ chave: first.slice(0, 7), rotulo: `${String(m).padStart(2, '0')}/${y}`, inicio, fim });
    [y, m] = [nextY, nextM];
  }
  return meses;
}

/** The financial reports for those who see Finanças; the others for those who see the firm's dashboard. */
export function mayOpen(actor: AuthPrincipal, r: RelatorioDef): boolean {
  return can(actor, r.financeiro ? 'financas.read' : 'dashboard.firm');
}

/** The reports this person may open. */
export function relatoriosDe(actor: AuthPrincipal): RelatorioDef[] {
  return RELATORIOS.filter((r) => mayOpen(actor, r));
}

/** The report's definition, period and filters from the query string; 400 for anything else. */
export function parseRelatorio(actor: AuthPrincipal, nome: string, query: Record<string, unknown>, now = new Date()): PedidoDeRelatorio {
  const def = relatorioPorNome(nome);
  if (!def) throw new NotFoundException(RELATORIO_NOT_FOUND);
  if (!mayOpen(actor, def)) throw new ForbiddenException('Você não tem permissão para ver este relatório.');
  const allowed = new Set<string>(['de', 'ate', 'formato', ...def.filtros]);
  for (const key of Object.keys(query)) {
    if (!allowed.has(key)) {
      const known = (RELATORIO_FILTROS as readonly string[]).includes(key);
      throw new BadRequestException(
        known ? `O relatório "${def.titulo}" não se filtra por ${key}.` : `Parâmetro "${key}" desconhecido. Use: ${[...allowed].join(', ')}.`,
      );
    }
    if (typeof query[key] !== 'string') throw new BadRequestException(`Parâmetro ${key} inválido: informe-o uma única vez.`);
  }
  const today = todayInSaoPaulo(now);
  const ate = queryDate(query.ate, 'ate') ?? today;
  const de = queryDate(query.de, 'de') ?? `${addCalendarDays(ate, -364).slice(0, 7)}-01`;
  if (de > ate) throw new BadRequestException('Período inválido: a data inicial é posterior à final.');
  if (addCalendarDays(de, MAX_PERIOD_DAYS) < ate) throw new BadRequestException('Período longo demais: escolha no máximo 5 anos.');
  const formato = (query.formato as string | undefined) ?? 'json';
  if (!['json', 'csv', 'xlsx'].includes(formato)) throw new BadRequestException('Formato inválido: use json, csv ou xlsx.');
  const filtros: Filtros = {};
  for (const f of def.filtros) {
    const v = query[f] as string | undefined;
    if (v === undefined || v === '') continue;
    if (v.length > 60) throw new BadRequestException(`Filtro ${f} inválido.`);
    filtros[f] = v;
  }
  const periodo: Periodo = { de, ate, inicio: spMidnight(de), fim: spMidnight(addCalendarDays(ate, 1)) };
  return { def, periodo, filtros, formato: formato as 'json' | 'csv' | 'xlsx' };
}
