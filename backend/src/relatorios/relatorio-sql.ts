import type { EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { juntaPorUf, type RelatorioValor } from '@veritas/common';
import { Registro } from '../registros';
import { Filtros, mesesDoPeriodo, Periodo } from './relatorio-parametros';

export const sumIf = (condition: string) => `SUM(CASE WHEN ${condition} THEN 1 ELSE 0 END)`;
/** COUNT and SUM come back as numbers, strings (MySQL) or null (SUM of nothing). */
export const num = (v: unknown) => Number(v ?? 0) || 0;
export const pct = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : null);

/**
 * The SQL every report family shares, on the read manager: the registros a report's filters select, counts
 * by index range, loose scans, and the expressions that differ between SQLite and MySQL.
 */
export class RelatorioSql {
  constructor(
    readonly manager: EntityManager,
    readonly mysql: boolean,
  ) {}

  /** Whole days from `a` to `b` (timestamps), the same on both databases. */
  daysBetween(a: string, b: string): string {
    return this.mysql ? `FLOOR(TIMESTAMPDIFF(SECOND, ${a}, ${b}) / 86400)` : `CAST(julianday(${b}) - julianday(${a}) AS INTEGER)`;
  }

  /** The São Paulo calendar day of a UTC timestamp, comparable with 'YYYY-MM-DD'. */
  localDate(col: string): string {
    return this.mysql ? `DATE_FORMAT(DATE_SUB(${col}, INTERVAL 3 HOUR), '%Y-%m-%d')` : `date(${col}, '-3 hours')`;
  }

  /** The registros a report's filters (service, responsible person or 'nenhum') select. */
  registros(filtros: Filtros): SelectQueryBuilder<Registro> {
    const qb = this.manager.getRepository(Registro).createQueryBuilder('r');
    if (filtros.servico) qb.andWhere('r.servico = :servico', { servico: filtros.servico });
    if (filtros.responsavelId === 'nenhum') qb.andWhere('r.responsavelId IS NULL');
    else if (filtros.responsavelId) qb.andWhere('r.responsavelId = :resp', { resp: filtros.responsavelId });
    return qb;
  }

  concluidosNoPeriodo(f: Filtros, p: Periodo): SelectQueryBuilder<Registro> {
    return this.registros(f).andWhere("r.status = 'concluido' AND r.encerradoEm >= :inicio AND r.encerradoEm < :fim", p);
  }

  /**
   * COUNT(*) of `qb`'s rows under each of `parts` (a condition and its parameters), in one query of
   * UNION ALL: each part an index range counted where it lies, instead of one GROUP BY that sorts every
   * row of the period in a temporary b-tree (issue 14: a year of 200,000 registros by month, 172 ms,
   * against twelve range counts, 17 ms). Counts in the order of `parts`.
   */
  async countEach(qb: SelectQueryBuilder<ObjectLiteral>, parts: { where: string; params: ObjectLiteral }[]): Promise<number[]> {
    if (!parts.length) return [];
    const queries = parts.map((part, i) => qb.clone().select(String(i), 'k').addSelect('COUNT(*)', 'n').andWhere(part.where, part.params).getQueryAndParameters());
    const rows: { k: unknown; n: unknown }[] = await this.manager.query(
      queries.map(([sql]) => sql).join(' UNION ALL '),
      queries.flatMap(([, params]) => params),
    );
    const counts = parts.map(() => 0);
    for (const r of rows) counts[num(r.k)] = num(r.n);
    return counts;
  }

  /**
   * The distinct values of a registros column that leads a report index, in its order: a loose scan (the
   * next value after each one, one index seek each: 0.15 ms for six services) instead of reading every
   * row. "createdAt IS NOT NULL" lets SQLite take the partial index; the first value is sought from a
   * bound '' (with no bound, or a literal, SQLite read a whole covering index for the MIN: 48 ms).
   */
  async valores(column: 'tipo' | 'juntaUf'): Promise<string[]> {
    const next = (after: string) => `SELECT MIN(${column}) FROM registros WHERE createdAt IS NOT NULL AND ${column} ${after}`;
    const rows: { v: string | null }[] = await this.manager.query(
      `WITH RECURSIVE t(v) AS (SELECT (${next('>= ?')}) UNION ALL SELECT (${next('> t.v')}) FROM t WHERE t.v IS NOT NULL) SELECT v FROM t WHERE v IS NOT NULL`,
      [''],
    );
    return rows.map((r) => String(r.v));
  }

  /** Rows per São Paulo month of `column` within the period ('YYYY-MM' → count): one index range count per month. */
  async porMesDe(qb: SelectQueryBuilder<ObjectLiteral>, column: string, p: Periodo): Promise<Map<string, number>> {
    const meses = mesesDoPeriodo(p);
    const counts = await this.countEach(
      qb,
      meses.map((m) => ({ where: `${column} >= :mesInicio AND ${column} < :mesFim`, params: { mesInicio: m.inicio, mesFim: m.fim } })),
    );
    return new Map(meses.map((m, i) => [m.chave, counts[i]]));
  }
}

/**
 * A grouping key written so that SQLite does not pick the column's own index to group by: with a
 * covering index on the period's range (ix_registros_status_encerrado), grouping by a plain
 * `responsavelId` made the planner walk ix_registros_responsavel for every person instead — 1.1 s
 * against 46 ms at 200,000 registros (bench/registros.mjs). Null becomes ''.
 */
export function ungroupedIndex(col: string): string {
  return `COALESCE(${col}, '')`;
}

/** 'SP — JUCESP'. */
export function juntaRotulo(uf: string): string {
  const j = juntaPorUf(uf);
  return j ? `${uf} — ${j.sigla}` : uf;
}

/** The totals row: `label` says "Total", each of `keys` summed over the lines. */
export function sumRows<K extends string>(linhas: Record<string, RelatorioValor>[], label: K, keys: string[]): Record<string, RelatorioValor> {
  const totais: Record<string, RelatorioValor> = { [label]: 'Total' };
  for (const k of keys) totais[k] = linhas.reduce((s, l) => s + num(l[k]), 0);
  return totais;
}
