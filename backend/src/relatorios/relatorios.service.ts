import { Injectable, NotFoundException } from '@nestjs/common';
import { todayInSaoPaulo, type RelatorioDef, type RelatorioResponse } from '@veritas/common';
import type { AuthPrincipal } from '../platform/request';
import { VersionedCache, type VersionedTable } from '../platform/read-side';
import { ReadSide } from '../platform/read-side';
import { Filtros, parseRelatorio, PedidoDeRelatorio, Periodo, RELATORIO_NOT_FOUND, relatoriosDe } from './relatorio-parametros';
import { RelatorioSql } from './relatorio-sql';
import { RelatoriosDeFinancasEClientes } from './relatorios-financas-clientes';
import { RelatoriosDeRegistros } from './relatorios-registros';

/** A report's lines and totals, from its period, filters and the time asked. */
type Calculo = (p: Periodo, f: Filtros, now: Date) => Promise<Pick<RelatorioResponse, 'linhas' | 'totais'>>;

/**
 * The reports of /painel/relatorios (catalogue in @veritas/common): which ones a person may open, the
 * request read from the query string, and each report's result kept while the tables it reads are
 * unchanged. The figures come from the report families (RelatoriosDeRegistros, RelatoriosDeFinancasEClientes),
 * grouped SQL queries on the read pool: no registro or client row is loaded.
 */
@Injectable()
export class RelatoriosService {
  /** Results kept while their tables are unchanged (issue 14; ReadSide.cache). */
  readonly cache: VersionedCache<RelatorioResponse>;

  private readonly calculos: Record<string, Calculo>;

  /** Every report is a read: on the read pool (SQLite workers; the data source on MySQL). */
  constructor(reads: ReadSide) {
    this.cache = reads.cache();
    const sql = new RelatorioSql(reads.manager, !reads.sqlite);
    const registros = new RelatoriosDeRegistros(sql);
    const outros = new RelatoriosDeFinancasEClientes(sql);
    this.calculos = {
      'registros-por-status': (p, f) => registros.porStatus(p, f),
      'registros-por-servico': (p, f) => registros.porServico(p, f),
      'registros-por-mes': (p, f) => registros.porMes(p, f),
      pontualidade: (p, f) => registros.pontualidade(p, f),
      'tempo-de-atendimento': (p, f) => registros.tempo(p, f),
      'clientes-por-mes': (p, f) => outros.clientesPorMes(p, f),
      'registros-por-junta': (p, f) => registros.porJunta(p, f),
      'tempo-por-junta': (p, f) => registros.tempoPorJunta(p, f),
      'exigencias-por-junta': (p, f) => registros.exigencias(p, f, 'junta'),
      'exigencias-por-responsavel': (p, f) => registros.exigencias(p, f, 'responsavel'),
      'recebimentos-por-servico': (p) => outros.recebimentos(p, 'servico'),
      'recebimentos-por-tipo-de-cliente': (p) => outros.recebimentos(p, 'tipo'),
      'produtividade-equipe': (p, f, now) => registros.produtividade(p, f, now),
    };
  }

  /** The reports this person may open. */
  list(actor: AuthPrincipal): RelatorioDef[] {
    return relatoriosDe(actor);
  }

  /** The report's definition, period and filters from the query string; 400 for anything else. */
  parse(actor: AuthPrincipal, nome: string, query: Record<string, unknown>, now = new Date()): PedidoDeRelatorio {
    return parseRelatorio(actor, nome, query, now);
  }

  /**
   * The report, computed once for as long as the tables it reads are unchanged (DataVersions: any
   * write, through any replica, changes them in its own transaction). Its key is what the figures
   * depend on: the name, the period, the filters, and today for the one counting what is overdue.
   */
  async run(def: RelatorioDef, periodo: Periodo, filtros: Filtros, now = new Date()): Promise<RelatorioResponse> {
    const tables = TABELAS[def.nome];
    if (!tables) return this.compute(def, periodo, filtros, now);
    const key = JSON.stringify([def.nome, periodo.de, periodo.ate, filtros, def.nome === 'produtividade-equipe' ? todayInSaoPaulo(now) : null]);
    return this.cache.get(key, tables, () => this.compute(def, periodo, filtros, now));
  }

  private async compute(def: RelatorioDef, periodo: Periodo, filtros: Filtros, now: Date): Promise<RelatorioResponse> {
    const calculo = this.calculos[def.nome];
    if (!calculo) throw new NotFoundException(RELATORIO_NOT_FOUND);
    const base = { nome: def.nome, titulo: def.titulo, de: periodo.de, ate: periodo.ate, colunas: def.colunas };
    return { ...base, ...(await calculo(periodo, filtros, now)) };
  }
}

/**
 * The tables each report reads (its figures and its labels: people's names, client types'). A
 * registro's deletion removes its exigências by a foreign key, which fires no trigger on MySQL:
 * the exigência reports read registros too.
 */
const TABELAS: Record<string, readonly VersionedTable[]> = {
  'registros-por-status': ['registros'],
  'registros-por-servico': ['registros'],
  'registros-por-mes': ['registros'],
  pontualidade: ['registros'],
  'tempo-de-atendimento': ['registros'],
  'registros-por-junta': ['registros'],
  'tempo-por-junta': ['registros'],
  'exigencias-por-junta': ['registros', 'registro_exigencias'],
  'exigencias-por-responsavel': ['registros', 'registro_exigencias', 'users'],
  'recebimentos-por-servico': ['cobrancas', 'registros'],
  'recebimentos-por-tipo-de-cliente': ['cobrancas', 'clientes', 'tipos_cliente'],
  'produtividade-equipe': ['registros', 'users'],
  'clientes-por-mes': ['clientes'],
};
