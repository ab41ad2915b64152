import { BadRequestException } from '@nestjs/common';
import type { SelectQueryBuilder } from 'typeorm';
import { addCalendarDays, EXIGENCIA_ALERTA_DIAS, isRegistroStatus, isUf, OPEN_REGISTRO_STATUSES } from '@veritas/common';
import { idsFilter, ListRequest } from '../platform/read-side';
import type { Registro } from './entities/registro.entity';

/** The staff list: the filters of GET /api/registros. */
export const STAFF_FILTER_HELP =
  'status (um ou lista), responsavelId (id, "me" ou null = sem responsável), clienteId, servico (código), tipo (nome), ' +
  'vencido (true), aberto (true: pendente ou em andamento), venceEmDiasUteis (n: abertos com prazo até n dias úteis, vencidos inclusive), ' +
  'q (protocolo ou nome/CNPJ do cliente), id (lista), junta (UF da Junta Comercial), etapa (nome da etapa atual), ' +
  'emExigencia (true: com exigência aberta; venceEmDiasUteis inclui também as exigências que vencem em até 5 dias corridos)';

/** The tables a staff list's version covers: its rows, the clients a search matches, the names a page shows. */
export const LISTA_TABELAS = ['registros', 'clientes', 'users'] as const;

/** A condition and its parameters: one disjoint part of a list (pageOfParts); `prazoDefinido` when it implies a prazo. */
export type QueryPart = { where: string; params: Record<string, unknown>; prazoDefinido?: boolean };

/**
 * The staff list's filters on `qb`, but its search (q): those that narrow it as one condition are added to
 * `qb`; those split into disjoint parts come back as `filterParts` (each part states the filter whole) and
 * as `partitioned`, the same filter as one condition, for where the parts are not used (deeper pages).
 */
export interface StaffFilters {
  filterParts: QueryPart[] | null;
  partitioned: QueryPart[];
}

/** What the staff filters read besides the request: who asks, today, the database, the business-day calendar. */
export interface StaffFilterContext {
  actorId: string;
  today: string;
  sqlite: boolean;
  /** The day `n` business days after today (CalendarioService.addBusinessDays). */
  businessDaysAfterToday(n: number): Promise<string>;
}

export async function applyStaffFilters(qb: SelectQueryBuilder<Registro>, f: ListRequest['filter'], ctx: StaffFilterContext): Promise<StaffFilters> {
  const { today } = ctx;
  const ids = idsFilter(f);
  if (ids) qb.andWhere(ids.length ? 'r.id IN (:...ids)' : '1 = 0', { ids });
  filterStatus(qb, f.status);
  if (f.responsavelId !== undefined) {
    // 'nenhum' is the panel's URL-safe spelling of null (react-admin drops null and '' from a filter).
    if (f.responsavelId === null || f.responsavelId === '' || f.responsavelId === 'nenhum') qb.andWhere('r.responsavelId IS NULL');
    else qb.andWhere('r.responsavelId = :resp', { resp: f.responsavelId === 'me' ? ctx.actorId : String(f.responsavelId) });
  }
  if (typeof f.clienteId === 'string') qb.andWhere('r.clienteId = :clienteId', { clienteId: f.clienteId });
  if (typeof f.servico === 'string') qb.andWhere('r.servico = :servico', { servico: f.servico });
  if (typeof f.tipo === 'string') qb.andWhere('r.tipo = :tipo', { tipo: f.tipo });
  // Issue 11: the Junta (UF) and the current stage's name (indexed: ix_registros_junta_created, ix_registros_etapa_junta_created).
  if (f.junta !== undefined && f.junta !== null && f.junta !== '') {
    const uf = String(f.junta).toUpperCase();
    if (!isUf(uf)) throw new BadRequestException('Filtro junta inválido: use a sigla da UF (por exemplo SP, RJ, MG).');
    qb.andWhere('r.juntaUf = :juntaUf', { juntaUf: uf });
  }
  if (typeof f.etapa === 'string' && f.etapa !== '') qb.andWhere('r.etapaAtual = :etapaAtual', { etapaAtual: f.etapa });
  let filterParts: QueryPart[] | null = null;
  // A filter that filterParts splits into disjoint parts: each part states it whole, so it is added
  // only where the parts are not used (deeper pages, through `visible`). Repeated inside a part it made
  // MariaDB read every counted row for the OR of "vencem" (2.8 ms against 0.7 ms for a part's count).
  const partitioned: QueryPart[] = [];
  if (isTrue(f.vencido) || isTrue(f.overdue)) {
    partitioned.push({ where: 'r.status IN (:...abertos) AND r.prazo < :today', params: { abertos: OPEN_REGISTRO_STATUSES, today } });
    // One (status, prazo) range per open status, as below.
    filterParts = porStatusAberto('r.prazo < :today', { today });
  }
  if (f.venceEmDiasUteis !== undefined) {
    const n = Number(f.venceEmDiasUteis);
    if (!Number.isInteger(n) || n < 0 || n > 365) throw new BadRequestException('venceEmDiasUteis deve ser um número inteiro de 0 a 365.');
    const limite = await ctx.businessDaysAfterToday(n);
    // Issue 11: also those whose open exigência ends within EXIGENCIA_ALERTA_DIAS calendar days (or has lapsed).
    const limiteExigencia = addCalendarDays(today, EXIGENCIA_ALERTA_DIAS);
    partitioned.push({
      where: 'r.status IN (:...abertos) AND (r.prazo <= :limite OR r.exigenciaPrazo <= :limiteExigencia)',
      params: { abertos: OPEN_REGISTRO_STATUSES, limite, limiteExigencia },
    });
    // The same rows as disjoint parts, each one range of an index in prazo order ((status, prazo, id)
    // per open status; the few whose exigência alone brings them in, sorted): as one IN and OR
    // every match was gathered and sorted for each page (pageOfParts).
    filterParts = crossParts(filterParts, [
      ...porStatusAberto('r.prazo <= :limite', { limite }),
      {
        // COALESCE keeps the planner on (status, exigenciaPrazo): with "prazo > x OR prazo IS NULL" SQLite
        // walked two prazo ranges instead (0.5 ms against 0.013 ms for the count).
        where: "r.status IN (:...abertos) AND r.exigenciaPrazo <= :limiteExigencia AND COALESCE(r.prazo, '9999-12-31') > :limite",
        params: { abertos: OPEN_REGISTRO_STATUSES, limite, limiteExigencia },
      },
    ]);
  }
  if (isTrue(f.aberto) && !filterParts) {
    const abertos = { where: 'r.status IN (:...abertos)', params: { abertos: OPEN_REGISTRO_STATUSES } };
    if (ctx.sqlite) {
      // SQLite reads both statuses' ranges and sorts them faster than it merges two parts (0.58 against 0.81 ms).
      qb.andWhere(abertos.where, abertos.params);
    } else {
      // One part per open status, each read in order from a (…, status, createdAt, id) index: with
      // "status IN" MariaDB gathered and sorted every open registro of a service for each page (8.8 ms
      // against 3.3 for page 20). The prazo filters' parts are already one open status each.
      partitioned.push(abertos);
      filterParts = OPEN_REGISTRO_STATUSES.map((status, i) => ({ where: `r.status = :aberto${i}`, params: { [`aberto${i}`]: status } }));
    }
  }
  // Issue 11: emExigencia (true: with an open exigência).
  if (isTrue(f.emExigencia)) qb.andWhere('r.status IN (:...abertos) AND r.exigenciaPrazo IS NOT NULL', { abertos: OPEN_REGISTRO_STATUSES });
  return { filterParts, partitioned };
}

/** The status filter of both lists (one status or a list of them); 400 for an unknown one. */
export function filterStatus(qb: SelectQueryBuilder<Registro>, status: unknown): void {
  if (status === undefined || status === null || status === '') return;
  const list = Array.isArray(status) ? status : [status];
  if (!list.length) return;
  if (!list.every(isRegistroStatus)) {
    throw new BadRequestException('Filtro status inválido: use pendente, andamento, concluido, cancelado ou recusado.');
  }
  qb.andWhere('r.status IN (:...statuses)', { statuses: list });
}

export function isTrue(v: unknown): boolean {
  return v === true || v === 'true' || v === 1 || v === '1';
}

/** `where` (a condition on a prazo: it implies one) for each open status, as disjoint parts in (status, prazo) ranges. */
export function porStatusAberto(where: string, params: Record<string, unknown>): QueryPart[] {
  return OPEN_REGISTRO_STATUSES.map((status, i) => ({ where: `r.status = :statusAberto${i} AND ${where}`, params: { ...params, [`statusAberto${i}`]: status }, prazoDefinido: true }));
}

/** Every part of `a` with every part of `b` (both disjoint sets, so their products are too); either alone when the other is null. */
export function crossParts(a: QueryPart[] | null, b: QueryPart[] | null): QueryPart[] | null {
  if (!a || !b) return a ?? b;
  return a.flatMap((x) =>
    b.map((y) => ({ where: `(${x.where}) AND (${y.where})`, params: { ...x.params, ...y.params }, prazoDefinido: x.prazoDefinido || y.prazoDefinido })),
  );
}

/**
 * The list's ORDER BY before the id tie-breaker. A paused registro has no due date: it goes after
 * every dated one, in either direction, on both databases (SQLite puts NULL first ascending, MySQL too).
 */
export function orderKeys(sortColumn: string): { expr: string; fixed?: 'ASC' }[] {
  return sortColumn === 'r.prazo' ? [{ expr: 'CASE WHEN r.prazo IS NULL THEN 1 ELSE 0 END', fixed: 'ASC' }, { expr: sortColumn }] : [{ expr: sortColumn }];
}

/**
 * qb in the list's order, the id last in the sort's direction (so (column, id) indexes serve the whole
 * ORDER BY); with `selectKeys` each key is also selected as k0, k1, … (to merge ordered lists).
 */
export function inListOrder(qb: SelectQueryBuilder<Registro>, req: ListRequest, selectKeys = false, prazoDefinido = false): SelectQueryBuilder<Registro> {
  let ordered = false;
  orderKeys(req.sortColumn).forEach((k, i) => {
    // Rows known to have a prazo: "nulls last" is the constant 0, and the (…, prazo, id) index gives the order without a sort.
    const constant = prazoDefinido && k.fixed !== undefined;
    if (selectKeys) qb.addSelect(constant ? '0' : k.expr, `k${i}`);
    if (constant) return;
    if (!ordered) qb.orderBy(k.expr, k.fixed ?? req.sortOrder);
    else qb.addOrderBy(k.expr, k.fixed ?? req.sortOrder);
    ordered = true;
  });
  // Sorted by the id itself: already last.
  return req.sortColumn === 'r.id' ? qb : qb.addOrderBy('r.id', req.sortOrder);
}
