import type { SelectQueryBuilder } from 'typeorm';
import { OPEN_REGISTRO_STATUSES, quantileOfHistogram, REGISTRO_STATUS_LABELS, REGISTRO_STATUSES, todayInSaoPaulo, type RelatorioValor } from '@veritas/common';
import type { Registro } from '../registros';
import { User } from '../users';
import { Filtros, mesesDoPeriodo, Periodo } from './relatorio-parametros';
import { juntaRotulo, num, pct, RelatorioSql, sumIf, sumRows, ungroupedIndex } from './relatorio-sql';

/**
 * The reports on registros: how many were requested (by status, service, Junta, month), how they were
 * concluded (on time, days to conclusion), the exigências they got and each person's work. Every figure is
 * a grouped SQL query; durations are whole elapsed days (24 h), counted the same way on SQLite and MySQL;
 * percentiles come from a histogram of those days grouped in SQL.
 */
export class RelatoriosDeRegistros {
  constructor(private readonly sql: RelatorioSql) {}

  // ------------------------------------------------------------------ how many

  async porStatus(p: Periodo, f: Filtros) {
    const counts = await this.sql.countEach(
      this.sql.registros(f).andWhere('r.createdAt >= :inicio AND r.createdAt < :fim', p),
      REGISTRO_STATUSES.map((status) => ({ where: 'r.status = :status', params: { status } })),
    );
    const total = counts.reduce((a, b) => a + b, 0);
    const linhas = REGISTRO_STATUSES.map((s, i) => ({ status: REGISTRO_STATUS_LABELS[s], quantidade: counts[i], percentual: pct(counts[i], total) }));
    return { linhas, totais: { status: 'Total', quantidade: total, percentual: total ? 100 : null } };
  }

  porServico(p: Periodo, f: Filtros) {
    return this.porGrupo(p, f, 'r.tipo', 'servico', String);
  }

  porJunta(p: Periodo, f: Filtros) {
    return this.porGrupo(p, f, 'r.juntaUf', 'junta', juntaRotulo);
  }

  /** Registros requested in the period by `col` (service or Junta): total, open, concluded, closed otherwise; largest first. */
  private async porGrupo(p: Periodo, f: Filtros, col: 'r.tipo' | 'r.juntaUf', key: string, label: (v: string) => string) {
    const grupos = f.servico || f.responsavelId || this.sql.mysql ? null : await this.sql.valores(col === 'r.tipo' ? 'tipo' : 'juntaUf');
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
    const counts = await this.sql.countEach(
      this.sql.registros({}).andWhere('r.createdAt >= :inicio AND r.createdAt < :fim', p),
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

  /** porGrupo with a filter (service, responsible person): one grouped query over the period's covering range. */
  private async porGrupoAgrupado(p: Periodo, f: Filtros, col: string, key: string, label: (v: string) => string) {
    // Grouped off the column's own index: by Junta, SQLite walked ix_registros_junta_created and read
    // every row for its status (497 ms at 200,000 registros) instead of the period's covering range (177 ms).
    const g = ungroupedIndex(col);
    const rows = await this.sql.registros(f)
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

  async porMes(p: Periodo, f: Filtros) {
    const [novos, concluidos] = await Promise.all([
      this.sql.porMesDe(this.sql.registros(f), 'r.createdAt', p),
      this.sql.porMesDe(this.sql.registros(f).andWhere("r.status = 'concluido'"), 'r.encerradoEm', p),
    ]);
    const linhas = mesesDoPeriodo(p).map((m) => ({ mes: m.rotulo, novos: novos.get(m.chave) ?? 0, concluidos: concluidos.get(m.chave) ?? 0 }));
    return { linhas, totais: sumRows(linhas, 'mes', ['novos', 'concluidos']) };
  }

  // ------------------------------------------------------------------ how they were concluded

  async pontualidade(p: Periodo, f: Filtros) {
    const dia = this.sql.localDate('r.encerradoEm');
    const rows = await this.sql.concluidosNoPeriodo(f, p)
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
    const dias = this.sql.daysBetween('r.createdAt', 'r.encerradoEm');
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

  tempo(p: Periodo, f: Filtros) {
    return this.tempoPor(p, f, 'r.tipo', 'servico', String, 'Todos');
  }

  /** Days to conclusion of the registros concluded in the period, p50 and p90 per `col`, and over all. */
  private async tempoPor(p: Periodo, f: Filtros, col: string, key: string, label: (v: string) => string, todos: string) {
    const hist = await this.diasAteConclusao(this.sql.concluidosNoPeriodo(f, p), col);
    const figures = (h: [number, number][]) => ({ concluidos: h.reduce((s, [, n]) => s + n, 0), p50: quantileOfHistogram(h, 0.5), p90: quantileOfHistogram(h, 0.9) });
    const linhas: Record<string, RelatorioValor>[] = [...hist.entries()]
      .map(([g, h]): Record<string, RelatorioValor> => ({ [key]: label(g), ...figures(h) }))
      .sort((a, b) => String(a[key]).localeCompare(String(b[key]), 'pt-BR'));
    return { linhas, totais: { [key]: todos, ...figures([...hist.values()].flat()) } };
  }

  tempoPorJunta(p: Periodo, f: Filtros) {
    return this.tempoPor(p, f, 'r.juntaUf', 'junta', juntaRotulo, 'Todas');
  }

  /**
   * Registros requested in the period, those with at least one exigência and how many exigências
   * they got, per Junta or per responsible person: one grouped query over a per-registro count.
   */
  async exigencias(p: Periodo, f: Filtros, por: 'junta' | 'responsavel') {
    const group = por === 'junta' ? 'r.juntaUf' : 'r.responsavelId';
    const porRegistro = this.sql.manager
      .createQueryBuilder()
      .select('e.registroId', 'registroId')
      .addSelect('COUNT(*)', 'n')
      .from('registro_exigencias', 'e')
      .groupBy('e.registroId');
    const rows = await this.sql.registros(f)
      .leftJoin(`(${porRegistro.getQuery()})`, 'x', 'x.registroId = r.id')
      .select(group, 'g')
      .addSelect('COUNT(*)', 'registros')
      .addSelect(sumIf('x.n IS NOT NULL'), 'comExigencia')
      .addSelect('SUM(COALESCE(x.n, 0))', 'exigencias')
      .andWhere('r.createdAt >= :inicio AND r.createdAt < :fim', p)
      .groupBy(group)
      .getRawMany<{ g: string | null; registros: unknown; comExigencia: unknown; exigencias: unknown }>();
    const nomes = por === 'responsavel' ? new Map((await this.sql.manager.getRepository(User).find({ select: { id: true, nomeCompleto: true } })).map((u) => [u.id, u.nomeCompleto])) : null;
    const label = (g: string | null) => (por === 'junta' ? juntaRotulo(g ?? '') : g ? (nomes!.get(g) ?? 'Usuário removido') : 'Sem responsável');
    const key = por;
    const linhas = rows
      .map((r) => ({ [key]: label(r.g), registros: num(r.registros), comExigencia: num(r.comExigencia), exigencias: num(r.exigencias), taxa: pct(num(r.comExigencia), num(r.registros)) }))
      .sort((a, b) => (b.taxa ?? 0) - (a.taxa ?? 0) || String(a[key]).localeCompare(String(b[key]), 'pt-BR'));
    const totais = sumRows(linhas, key, ['registros', 'comExigencia', 'exigencias']);
    totais.taxa = pct(num(totais.comExigencia), num(totais.registros));
    return { linhas, totais };
  }

  async produtividade(p: Periodo, f: Filtros, now: Date) {
    const today = todayInSaoPaulo(now);
    type Row = { responsavelId: string | null; n: unknown; vencidos?: unknown };
    // Three grouped queries, each on an index: the open ones (status), those concluded in the
    // period (status, encerradoEm) and their days to conclusion.
    const [abertos, concluidos, hist, users] = await Promise.all([
      this.sql.registros(f)
        .select(ungroupedIndex('r.responsavelId'), 'responsavelId')
        .addSelect('COUNT(*)', 'n')
        .addSelect(sumIf('r.prazo IS NOT NULL AND r.prazo < :hoje'), 'vencidos')
        .andWhere('r.status IN (:...abertos)', { abertos: OPEN_REGISTRO_STATUSES, hoje: today })
        .groupBy(ungroupedIndex('r.responsavelId'))
        .getRawMany<Row>(),
      this.sql.concluidosNoPeriodo(f, p)
        .select(ungroupedIndex('r.responsavelId'), 'responsavelId')
        .addSelect('COUNT(*)', 'n')
        .groupBy(ungroupedIndex('r.responsavelId'))
        .getRawMany<Row>(),
      this.diasAteConclusao(this.sql.concluidosNoPeriodo(f, p), 'r.responsavelId'),
      this.sql.manager.getRepository(User).find({ select: { id: true, nomeCompleto: true } }),
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
}
