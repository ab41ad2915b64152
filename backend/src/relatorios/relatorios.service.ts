import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';
import { DataVersions, VersionedCache, type VersionedTable } from '../database/data-versions';
import { ReadPool } from '../database/read-pool';
import {
  addCalendarDays,
  can,
  isIsoDate,
  juntaPorUf,
  OPEN_REGISTRO_STATUSES,
  quantileOfHistogram,
  REGISTRO_STATUS_LABELS,
  REGISTRO_STATUSES,
  RELATORIO_FILTROS,
  RELATORIOS,
  relatorioPorNome,
  todayInSaoPaulo,
  type RelatorioDef,
  type RelatorioFiltro,
  type RelatorioResponse,
  type RelatorioValor,
} from '@veritas/common';
import type { AuthPrincipal } from '../auth/principal';
import { Cliente } from '../clientes/entities/cliente.entity';
import { Registro } from '../registros/entities/registro.entity';
import { User } from '../users/entities/user.entity';

export const RELATORIO_NOT_FOUND = 'Relatório não encontrado.';
/** The longest period a report covers. */
const MAX_PERIOD_DAYS = 366 * 5;

const sumIf = (condition: string) => `SUM(CASE WHEN ${condition} THEN 1 ELSE 0 END)`;
/** COUNT and SUM come back as numbers, strings (MySQL) or null (SUM of nothing). */
const num = (v: unknown) => Number(v ?? 0) || 0;
const pct = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : null);

export interface Periodo {
  de: string;
  ate: string;
  /** [inicio, fim) in UTC: from de's midnight to the midnight after ate, São Paulo time. */
  inicio: Date;
  fim: Date;
}

/** Midnight of a São Paulo calendar day (UTC−3 all year since 2019: no daylight saving). */
const spMidnight = (d: string) => new Date(`${d}T00:00:00-03:00`);

interface Mes {
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

/**
 * The reports of /painel/relatorios (catalogue in @veritas/common). Every figure is a grouped SQL
 * query: no registro or client row is loaded. Durations are whole elapsed days (24 h), counted the
 * same way on SQLite and MySQL; percentiles come from a histogram of those days grouped in SQL.
 */
@Injectable()
export class RelatoriosService {
  /** Every report is a read: on the read pool (SQLite workers; the data source on MySQL). */
  private readonly ds: EntityManager;

  /** Results kept while their tables are unchanged (issue 14). */
  readonly cache: VersionedCache<RelatorioResponse>;

  constructor(@InjectDataSource() private readonly dataSource: DataSource, reads: ReadPool, versions: DataVersions) {
    this.ds = reads.manager;
    this.cache = new VersionedCache(versions);
  }

  private get mysql(): boolean {
    return this.dataSource.options.type === 'mysql';
  }

  /** Whole days from `a` to `b` (timestamps), the same on both databases. */
  private daysBetween(a: string, b: string): string {
    return this.mysql ? `FLOOR(TIMESTAMPDIFF(SECOND, ${a}, ${b}) / 86400)` : `CAST(julianday(${b}) - julianday(${a}) AS INTEGER)`;
  }

  /** The São Paulo calendar day of a UTC timestamp, comparable with 'YYYY-MM-DD'. */
  private localDate(col: string): string {
    return this.mysql ? `DATE_FORMAT(DATE_SUB(${col}, INTERVAL 3 HOUR), '%Y-%m-%d')` : `date(${col}, '-3 hours')`;
  }

  /** The reports this person may open. */
  list(actor: AuthPrincipal): RelatorioDef[] {
    return RELATORIOS.filter((r) => this.mayOpen(actor, r));
  }

  private mayOpen(actor: AuthPrincipal, r: RelatorioDef): boolean {
    return can(actor, r.financeiro ? 'financas.read' : 'dashboard.firm');
  }

  /** The report's definition, period and filters from the query string; 400 for anything else. */
  parse(actor: AuthPrincipal, nome: string, query: Record<string, unknown>, now = new Date()) {
    const def = relatorioPorNome(nome);
    if (!def) throw new NotFoundException(RELATORIO_NOT_FOUND);
    if (!this.mayOpen(actor, def)) throw new ForbiddenException('Você não tem permissão para ver este relatório.');
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
    const ate = (query.ate as string | undefined) ?? today;
    const de = (query.de as string | undefined) ?? `${addCalendarDays(ate, -364).slice(0, 7)}-01`;
    if (!isIsoDate(de) || !isIsoDate(ate)) throw new BadRequestException('Período inválido: use de e ate no formato AAAA-MM-DD.');
    if (de > ate) throw new BadRequestException('Período inválido: a data inicial é posterior à final.');
    if (addCalendarDays(de, MAX_PERIOD_DAYS) < ate) throw new BadRequestException('Período longo demais: escolha no máximo 5 anos.');
    const formato = (query.formato as string | undefined) ?? 'json';
    if (!['json', 'csv', 'xlsx'].includes(formato)) throw new BadRequestException('Formato inválido: use json, csv ou xlsx.');
    const filtros: Partial<Record<RelatorioFiltro, string>> = {};
    for (const f of def.filtros) {
      const v = query[f] as string | undefined;
      if (v === undefined || v === '') continue;
      if (v.length > 60) throw new BadRequestException(`Filtro ${f} inválido.`);
      filtros[f] = v;
    }
    const periodo: Periodo = { de, ate, inicio: spMidnight(de), fim: spMidnight(addCalendarDays(ate, 1)) };
    return { def, periodo, filtros, formato: formato as 'json' | 'csv' | 'xlsx' };
  }

  /**
   * The report, computed once for as long as the tables it reads are unchanged (DataVersions: any
   * write, through any replica, changes them in its own transaction). Its key is what the figures
   * depend on: the name, the period, the filters, and today for the one counting what is overdue.
   */
  async run(def: RelatorioDef, periodo: Periodo, filtros: Partial<Record<RelatorioFiltro, string>>, now = new Date()): Promise<RelatorioResponse> {
    const tables = TABELAS[def.nome];
    if (!tables) return this.compute(def, periodo, filtros, now);
    const key = JSON.stringify([def.nome, periodo.de, periodo.ate, filtros, def.nome === 'produtividade-equipe' ? todayInSaoPaulo(now) : null]);
    return this.cache.get(key, tables, () => this.compute(def, periodo, filtros, now));
  }

  private async compute(def: RelatorioDef, periodo: Periodo, filtros: Partial<Record<RelatorioFiltro, string>>, now: Date): Promise<RelatorioResponse> {
    const base = { nome: def.nome, titulo: def.titulo, de: periodo.de, ate: periodo.ate, colunas: def.colunas };
    switch (def.nome) {
      case 'registros-por-status':
        return { ...base, ...(await this.porStatus(periodo, filtros)) };
      case 'registros-por-servico':
        return { ...base, ...(await this.porServico(periodo, filtros)) };
      case 'registros-por-mes':
        return { ...base, ...(await this.porMes(periodo, filtros)) };
      case 'pontualidade':
        return { ...base, ...(await this.pontualidade(periodo, filtros)) };
      case 'tempo-de-atendimento':
        return { ...base, ...(await this.tempo(periodo, filtros)) };
      case 'clientes-por-mes':
        return { ...base, ...(await this.clientesPorMes(periodo, filtros)) };
      case 'registros-por-junta':
        return { ...base, ...(await this.porJunta(periodo, filtros)) };
      case 'tempo-por-junta':
        return { ...base, ...(await this.tempoPorJunta(periodo, filtros)) };
      case 'exigencias-por-junta':
        return { ...base, ...(await this.exigencias(periodo, filtros, 'junta')) };
      case 'exigencias-por-responsavel':
        return { ...base, ...(await this.exigencias(periodo, filtros, 'responsavel')) };
      case 'recebimentos-por-servico':
        return { ...base, ...(await this.recebimentos(periodo, 'servico')) };
      case 'recebimentos-por-tipo-de-cliente':
        return { ...base, ...(await this.recebimentos(periodo, 'tipo')) };
      case 'produtividade-equipe':
        return { ...base, ...(await this.produtividade(periodo, filtros, now)) };
      default:
        throw new NotFoundException(RELATORIO_NOT_FOUND);
    }
  }

  // ------------------------------------------------------------------ registros

  private registros(filtros: Partial<Record<RelatorioFiltro, string>>): SelectQueryBuilder<Registro> {
    const qb = this.ds.getRepository(Registro).createQueryBuilder('r');
    if (filtros.servico) qb.andWhere('r.servico = :servico', { servico: filtros.servico });
    if (filtros.responsavelId === 'nenhum') qb.andWhere('r.responsavelId IS NULL');
    else if (filtros.responsavelId) qb.andWhere('r.responsavelId = :resp', { resp: filtros.responsavelId });
    return qb;
  }

  private async porStatus(p: Periodo, f: Partial<Record<RelatorioFiltro, string>>) {
    const counts = await this.countEach(
      this.registros(f).andWhere('r.createdAt >= :inicio AND r.createdAt < :fim', p),
      REGISTRO_STATUSES.map((status) => ({ where: 'r.status = :status', params: { status } })),
    );
    const total = counts.reduce((a, b) => a + b, 0);
    const linhas = REGISTRO_STATUSES.map((s, i) => ({ status: REGISTRO_STATUS_LABELS[s], quantidade: counts[i], percentual: pct(counts[i], total) }));
    return { linhas, totais: { status: 'Total', quantidade: total, percentual: total ? 100 : null } };
  }

  /**
   * COUNT(*) of `qb`'s rows under each of `parts` (a condition and its parameters), in one query of
   * UNION ALL: each part an index range counted where it lies, instead of one GROUP BY that sorts every
   * row of the period in a temporary b-tree (issue 14: a year of 200,000 registros by month, 172 ms,
   * against twelve range counts, 17 ms). Counts in the order of `parts`.
   */
  private async countEach(qb: SelectQueryBuilder<ObjectLiteral>, parts: { where: string; params: ObjectLiteral }[]): Promise<number[]> {
    if (!parts.length) return [];
    const queries = parts.map((part, i) => qb.clone().select(String(i), 'k').addSelect('COUNT(*)', 'n').andWhere(part.where, part.params).getQueryAndParameters());
    const rows: { k: unknown; n: unknown }[] = await this.ds.query(
      queries.map(([sql]) => sql).join(' UNION ALL '),
      queries.flatMap(([, params]) => params),
    );
    const counts = parts.map(() => 0);
    for (const r of rows) counts[num(r.k)] = num(r.n);
    return counts;
  }

  private porJunta(p: Periodo, f: Partial<Record<RelatorioFiltro, string>>) {
    return this.porGrupo(p, f, 'r.juntaUf', 'junta', juntaRotulo);
  }

  private tempoPorJunta(p: Periodo, f: Partial<Record<RelatorioFiltro, string>>) {
    return this.tempoPor(p, f, 'r.juntaUf', 'junta', juntaRotulo, 'Todas');
  }

  /**
   * Registros requested in the period, those with at least one exigência and how many exigências
   * they got, per Junta or per responsible person: one grouped query over a per-registro count.
   */
  private async exigencias(p: Periodo, f: Partial<Record<RelatorioFiltro, string>>, por: 'junta' | 'responsavel') {
    const group = por === 'junta' ? 'r.juntaUf' : 'r.responsavelId';
    const porRegistro = this.ds
      .createQueryBuilder()
      .select('e.registroId', 'registroId')
      .addSelect('COUNT(*)', 'n')
      .from('registro_exigencias', 'e')
      .groupBy('e.registroId');
    const rows = await this.registros(f)
      .leftJoin(`(${porRegistro.getQuery()})`, 'x', 'x.registroId = r.id')
      .select(group, 'g')
      .addSelect('COUNT(*)', 'registros')
      .addSelect(sumIf('x.n IS NOT NULL'), 'comExigencia')
      .addSelect('SUM(COALESCE(x.n, 0))', 'exigencias')
      .andWhere('r.createdAt >= :inicio AND r.createdAt < :fim', p)
      .groupBy(group)
      .getRawMany<{ g: string | null; registros: unknown; comExigencia: unknown; exigencias: unknown }>();
    const nomes = por === 'responsavel' ? new Map((await this.ds.getRepository(User).find({ select: { id: true, nomeCompleto: true } })).map((u) => [u.id, u.nomeCompleto])) : null;
    const label = (g: string | null) => (por === 'junta' ? juntaRotulo(g ?? '') : g ? (nomes!.get(g) ?? 'Usuário removido') : 'Sem responsável');
    const key = por;
    const linhas = rows
      .map((r) => ({ [key]: label(r.g), registros: num(r.registros), comExigencia: num(r.comExigencia), exigencias: num(r.exigencias), taxa: pct(num(r.comExigencia), num(r.registros)) }))
      .sort((a, b) => (b.taxa ?? 0) - (a.taxa ?? 0) || String(a[key]).localeCompare(String(b[key]), 'pt-BR'));
    const totais = sumRows(linhas, key, ['registros', 'comExigencia', 'exigencias']);
    totais.taxa = pct(num(totais.comExigencia), num(totais.registros));
    return { linhas, totais };
  }

  /**
   * Charges due in the period, not cancelled: billed (their totals), received (what was paid on
   * them) and still owed, grouped by the registro's service ("Cobrança avulsa" without one) or by
   * the client's type ("Sem tipo"). Integer centavos summed in SQL, shown in reais.
   */
  private async recebimentos(p: Periodo, por: 'servico' | 'tipo') {
    const qb = this.ds
      .createQueryBuilder()
      .from('cobrancas', 'c')
      .where("c.status <> 'cancelada' AND c.vencimento >= :de AND c.vencimento <= :ate", { de: p.de, ate: p.ate });
    if (por === 'servico') qb.leftJoin('registros', 'r', 'r.id = c.registroId').select('r.tipo', 'g');
    else qb.leftJoin('clientes', 'cl', 'cl.id = c.clienteId').leftJoin('tipos_cliente', 't', 't.id = cl.tipoClienteId').select('t.nome', 'g');
    const group = por === 'servico' ? 'r.tipo' : 't.nome';
    const rows = await qb
      .addSelect('COUNT(*)', 'n')
      .addSelect('SUM(c.totalCentavos)', 'total')
      .addSelect('SUM(c.pagoCentavos)', 'pago')
      .groupBy(group)
      .orderBy('SUM(c.totalCentavos)', 'DESC')
      .getRawMany<{ g: string | null; n: unknown; total: unknown; pago: unknown }>();
    const reais = (centavos: number) => centavos / 100;
    const key = por === 'servico' ? 'servico' : 'tipo';
    const vazio = por === 'servico' ? 'Cobrança avulsa' : 'Sem tipo';
    const linhas = rows.map((r) => ({
      [key]: r.g ?? vazio,
      cobrancas: num(r.n),
      faturado: reais(num(r.total)),
      recebido: reais(num(r.pago)),
      aReceber: reais(num(r.total) - num(r.pago)),
    }));
    const cents = (k: 'total' | 'pago') => rows.reduce((s, r) => s + num(r[k]), 0);
    return {
      linhas,
      totais: { [key]: 'Total', cobrancas: rows.reduce((s, r) => s + num(r.n), 0), faturado: reais(cents('total')), recebido: reais(cents('pago')), aReceber: reais(cents('total') - cents('pago')) },
    };
  }

  private porServico(p: Periodo, f: Partial<Record<RelatorioFiltro, string>>) {
    return this.porGrupo(p, f, 'r.tipo', 'servico', String);
  }

  /** Registros requested in the period by `col` (service or Junta): total, open, concluded, closed otherwise; largest first. */
  private async porGrupo(p: Periodo, f: Partial<Record<RelatorioFiltro, string>>, col: 'r.tipo' | 'r.juntaUf', key: string, label: (v: string) => string) {
    const grupos = f.servico || f.responsavelId || this.mysql ? null : await this.valores(col === 'r.tipo' ? 'tipo' : 'juntaUf');
    // countEach's parts are one compound SELECT: SQLite takes at most 500 of them.
    const linhas =
      grupos && grupos.length * REGISTRO_STATUSES.length <= 480 ? await this.porGrupoContado(p, grupos, col, key, label) : await this.porGrupoAgrupado(p, f, col, key, label);
    return { linhas, totais: sumRows(linhas, key, ['total', 'abertos', 'concluidos', 'cancelados']) };
  }

  /**
   * porGrupo without filters, on SQLite: each group's registros of each status opened in the period
   * counted as one range of the partial index (col, status, createdAt) (migration 1766100000000: the
   * period's createdAt range is what lets SQLite take it), the groups read by a loose scan of the same
   * index (`valores`): 172 → 11 ms at 200,000 registros, against grouping every registro of the period.
   * Largest first; equal totals in the column's order, as ORDER BY gives them.
   */
  private async porGrupoContado(p: Periodo, grupos: string[], col: 'r.tipo' | 'r.juntaUf', key: string, label: (v: string) => string) {
    const counts = await this.countEach(
      this.registros({}).andWhere('r.createdAt >= :inicio AND r.createdAt < :fim', p),
      grupos.flatMap((g) => REGISTRO_STATUSES.map((status) => ({ where: `${col} = :grupo AND r.status = :status`, params: { grupo: g, status } }))),
    );
    const abertos = new Set<string>(OPEN_REGISTRO_STATUSES);
    return grupos
      .map((g, i) => {
        const n = (test: (s: string) => boolean) => REGISTRO_STATUSES.reduce((sum, s, j) => sum + (test(s) ? counts[i * REGISTRO_STATUSES.length + j] : 0), 0);
        return { ordem: i, [key]: label(g), total: n(() => true), abertos: n((s) => abertos.has(s)), concluidos: n((s) => s === 'concluido'), cancelados: n((s) => s === 'cancelado' || s === 'recusado') };
      })
      .filter((l) => l.total > 0)
      .sort((a, b) => b.total - a.total || a.ordem - b.ordem)
      .map(({ ordem: _ordem, ...l }) => l);
  }

  /**
   * The distinct values of a registros column that leads a report index, in its order: a loose scan (the
   * next value after each one, one index seek each: 0.15 ms for six services) instead of reading every
   * row. "createdAt IS NOT NULL" lets SQLite take the partial index; the first value is sought from a
   * bound '' (with no bound, or a literal, SQLite read a whole covering index for the MIN: 48 ms).
   */
  private async valores(column: 'tipo' | 'juntaUf'): Promise<string[]> {
    const next = (after: string) => `SELECT MIN(${column}) FROM registros WHERE createdAt IS NOT NULL AND ${column} ${after}`;
    const rows: { v: string | null }[] = await this.ds.query(
      `WITH RECURSIVE t(v) AS (SELECT (${next('>= ?')}) UNION ALL SELECT (${next('> t.v')}) FROM t WHERE t.v IS NOT NULL) SELECT v FROM t WHERE v IS NOT NULL`,
      [''],
    );
    return rows.map((r) => String(r.v));
  }

  /** porGrupo with a filter (service, responsible person): one grouped query over the period's covering range. */
  private async porGrupoAgrupado(p: Periodo, f: Partial<Record<RelatorioFiltro, string>>, col: string, key: string, label: (v: string) => string) {
    // Grouped off the column's own index: by Junta, SQLite walked ix_registros_junta_created and read
    // every row for its status (497 ms at 200,000 registros) instead of the period's covering range (177 ms).
    const g = ungroupedIndex(col);
    const rows = await this.registros(f)
      .select(g, 'g')
      .addSelect('COUNT(*)', 'total')
      .addSelect(sumIf('r.status IN (:...abertos)'), 'abertos')
      .addSelect(sumIf("r.status = 'concluido'"), 'concluidos')
      .addSelect(sumIf("r.status IN ('cancelado', 'recusado')"), 'cancelados')
      .andWhere('r.createdAt >= :inicio AND r.createdAt < :fim', p)
      .setParameter('abertos', OPEN_REGISTRO_STATUSES)
      .groupBy(g)
      .orderBy('COUNT(*)', 'DESC')
      .addOrderBy(g, 'ASC')
      .getRawMany<Record<string, unknown>>();
    return rows.map((r) => ({ [key]: label(String(r.g)), total: num(r.total), abertos: num(r.abertos), concluidos: num(r.concluidos), cancelados: num(r.cancelados) }));
  }

  /** Rows per São Paulo month of `column` within the period ('YYYY-MM' → count): one index range count per month. */
  private async porMesDe(qb: SelectQueryBuilder<ObjectLiteral>, column: string, p: Periodo): Promise<Map<string, number>> {
    const meses = mesesDoPeriodo(p);
    const counts = await this.countEach(
      qb,
      meses.map((m) => ({ where: `${column} >= :mesInicio AND ${column} < :mesFim`, params: { mesInicio: m.inicio, mesFim: m.fim } })),
    );
    return new Map(meses.map((m, i) => [m.chave, counts[i]]));
  }

  private async porMes(p: Periodo, f: Partial<Record<RelatorioFiltro, string>>) {
    const [novos, concluidos] = await Promise.all([
      this.porMesDe(this.registros(f), 'r.createdAt', p),
      this.porMesDe(this.registros(f).andWhere("r.status = 'concluido'"), 'r.encerradoEm', p),
    ]);
    const linhas = mesesDoPeriodo(p).map((m) => ({ mes: m.rotulo, novos: novos.get(m.chave) ?? 0, concluidos: concluidos.get(m.chave) ?? 0 }));
    return { linhas, totais: sumRows(linhas, 'mes', ['novos', 'concluidos']) };
  }

  private concluidosNoPeriodo(f: Partial<Record<RelatorioFiltro, string>>, p: Periodo) {
    return this.registros(f).andWhere("r.status = 'concluido' AND r.encerradoEm >= :inicio AND r.encerradoEm < :fim", p);
  }

  private async pontualidade(p: Periodo, f: Partial<Record<RelatorioFiltro, string>>) {
    const dia = this.localDate('r.encerradoEm');
    const rows = await this.concluidosNoPeriodo(f, p)
      .select('r.tipo', 'servico')
      .addSelect('COUNT(*)', 'concluidos')
      .addSelect(sumIf(`r.prazo IS NOT NULL AND ${dia} <= r.prazo`), 'noPrazo')
      .addSelect(sumIf(`r.prazo IS NOT NULL AND ${dia} > r.prazo`), 'atrasados')
      .groupBy('r.tipo')
      .orderBy('r.tipo', 'ASC')
      .getRawMany<Record<string, unknown>>();
    const linhas = rows.map((r) => {
      const noPrazo = num(r.noPrazo);
      const atrasados = num(r.atrasados);
      return { servico: String(r.servico), concluidos: num(r.concluidos), noPrazo, atrasados, taxa: pct(noPrazo, noPrazo + atrasados) };
    });
    const totais = sumRows(linhas, 'servico', ['concluidos', 'noPrazo', 'atrasados']);
    totais.taxa = pct(num(totais.noPrazo), num(totais.noPrazo) + num(totais.atrasados));
    return { linhas, totais };
  }

  /** Histogram of whole days to conclusion, per `groupCol`: { group → [[days, count]] }. */
  private async diasAteConclusao(qb: SelectQueryBuilder<Registro>, groupCol: string): Promise<Map<string, [number, number][]>> {
    const dias = this.daysBetween('r.createdAt', 'r.encerradoEm');
    const g = ungroupedIndex(groupCol);
    const rows = await qb
      .select(g, 'g')
      .addSelect(dias, 'dias')
      .addSelect('COUNT(*)', 'n')
      .groupBy(g)
      .addGroupBy(dias)
      .getRawMany<{ g: string | null; dias: unknown; n: unknown }>();
    const out = new Map<string, [number, number][]>();
    for (const r of rows) {
      const key = r.g ?? '';
      if (!out.has(key)) out.set(key, []);
      out.get(key)!.push([num(r.dias), num(r.n)]);
    }
    return out;
  }

  private tempo(p: Periodo, f: Partial<Record<RelatorioFiltro, string>>) {
    return this.tempoPor(p, f, 'r.tipo', 'servico', String, 'Todos');
  }

  /** Days to conclusion of the registros concluded in the period, p50 and p90 per `col`, and over all. */
  private async tempoPor(p: Periodo, f: Partial<Record<RelatorioFiltro, string>>, col: string, key: string, label: (v: string) => string, todos: string) {
    const hist = await this.diasAteConclusao(this.concluidosNoPeriodo(f, p), col);
    const figures = (h: [number, number][]) => ({ concluidos: h.reduce((s, [, n]) => s + n, 0), p50: quantileOfHistogram(h, 0.5), p90: quantileOfHistogram(h, 0.9) });
    const linhas: Record<string, RelatorioValor>[] = [...hist.entries()]
      .map(([g, h]): Record<string, RelatorioValor> => ({ [key]: label(g), ...figures(h) }))
      .sort((a, b) => String(a[key]).localeCompare(String(b[key]), 'pt-BR'));
    return { linhas, totais: { [key]: todos, ...figures([...hist.values()].flat()) } };
  }

  private async produtividade(p: Periodo, f: Partial<Record<RelatorioFiltro, string>>, now: Date) {
    const today = todayInSaoPaulo(now);
    type Row = { responsavelId: string | null; n: unknown; vencidos?: unknown };
    // Three grouped queries, each on an index: the open ones (status), those concluded in the
    // period (status, encerradoEm) and their days to conclusion.
    const [abertos, concluidos, hist, users] = await Promise.all([
      this.registros(f)
        .select(ungroupedIndex('r.responsavelId'), 'responsavelId')
        .addSelect('COUNT(*)', 'n')
        .addSelect(sumIf('r.prazo IS NOT NULL AND r.prazo < :hoje'), 'vencidos')
        .andWhere('r.status IN (:...abertos)', { abertos: OPEN_REGISTRO_STATUSES, hoje: today })
        .groupBy(ungroupedIndex('r.responsavelId'))
        .getRawMany<Row>(),
      this.concluidosNoPeriodo(f, p)
        .select(ungroupedIndex('r.responsavelId'), 'responsavelId')
        .addSelect('COUNT(*)', 'n')
        .groupBy(ungroupedIndex('r.responsavelId'))
        .getRawMany<Row>(),
      this.diasAteConclusao(this.concluidosNoPeriodo(f, p), 'r.responsavelId'),
      this.ds.getRepository(User).find({ select: { id: true, nomeCompleto: true } }),
    ]);
    const nomes = new Map(users.map((u) => [u.id, u.nomeCompleto]));
    const byId = new Map<string, { abertos: number; vencidos: number; concluidos: number }>();
    const entry = (id: string | null) => {
      const key = id ?? '';
      if (!byId.has(key)) byId.set(key, { abertos: 0, vencidos: 0, concluidos: 0 });
      return byId.get(key)!;
    };
    for (const r of abertos) Object.assign(entry(r.responsavelId || null), { abertos: num(r.n), vencidos: num(r.vencidos) });
    for (const r of concluidos) entry(r.responsavelId || null).concluidos = num(r.n);
    const linhas = [...byId.entries()]
      .map(([id, v]) => ({
        responsavel: id ? (nomes.get(id) ?? 'Usuário removido') : 'Sem responsável',
        ...v,
        p50: quantileOfHistogram(hist.get(id) ?? [], 0.5),
      }))
      .sort((a, b) => b.concluidos - a.concluidos || a.responsavel.localeCompare(b.responsavel, 'pt-BR'));
    const totais = sumRows(linhas, 'responsavel', ['abertos', 'vencidos', 'concluidos']);
    totais.p50 = quantileOfHistogram([...hist.values()].flat(), 0.5);
    return { linhas, totais };
  }

  // ------------------------------------------------------------------ clientes

  private async clientesPorMes(p: Periodo, f: Partial<Record<RelatorioFiltro, string>>) {
    const qb = () => {
      const q = this.ds.getRepository(Cliente).createQueryBuilder('c');
      if (f.tipoClienteId) q.andWhere('c.tipoClienteId = :tipo', { tipo: f.tipoClienteId });
      return q;
    };
    const [novos, inativados] = await Promise.all([this.porMesDe(qb(), 'c.createdAt', p), this.porMesDe(qb(), 'c.inativadoEm', p)]);
    const linhas = mesesDoPeriodo(p).map((m) => ({ mes: m.rotulo, novos: novos.get(m.chave) ?? 0, inativados: inativados.get(m.chave) ?? 0 }));
    return { linhas, totais: sumRows(linhas, 'mes', ['novos', 'inativados']) };
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

/**
 * A grouping key written so that SQLite does not pick the column's own index to group by: with a
 * covering index on the period's range (ix_registros_status_encerrado), grouping by a plain
 * `responsavelId` made the planner walk ix_registros_responsavel for every person instead — 1.1 s
 * against 46 ms at 200,000 registros (bench/registros.mjs). Null becomes ''.
 */
function ungroupedIndex(col: string): string {
  return `COALESCE(${col}, '')`;
}

/** 'SP — JUCESP'. */
function juntaRotulo(uf: string): string {
  const j = juntaPorUf(uf);
  return j ? `${uf} — ${j.sigla}` : uf;
}

function sumRows<K extends string>(linhas: Record<string, RelatorioValor>[], label: K, keys: string[]): Record<string, RelatorioValor> {
  const totais: Record<string, RelatorioValor> = { [label]: 'Total' };
  for (const k of keys) totais[k] = linhas.reduce((s, l) => s + num(l[k]), 0);
  return totais;
}
