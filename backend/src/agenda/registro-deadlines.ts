import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type ObjectLiteral, type SelectQueryBuilder } from 'typeorm';
import { addCalendarDays, can, todayInSaoPaulo } from '@veritas/common';
import { Ausencia } from '../equipe';
import { AgendaItem, AgendaQuery, AgendaSource, AgendaSources } from './agenda-source';

/** More than a year of a busy firm's due dates; a window beyond that is cut. */
const MAX_ITEMS = 5000;

/** The first and last São Paulo days touched by [inicio, fim). */
export function daysOf(inicio: Date, fim: Date): [string, string] {
  return [todayInSaoPaulo(inicio), todayInSaoPaulo(new Date(fim.getTime() - 1))];
}

/** One dated thing of a registro: its own due date, a stage's or an exigência's last day. */
export interface DeadlineRow {
  id: string;
  prazo: string;
  registroId: string;
  numero: string;
  responsavelId: string | null;
  clienteNome: string;
  /** The registro's service or the stage's name, for the title. */
  nome: string | null;
}

/**
 * The deadlines of a query over registros (`r`, joined with clientes as `c`) whose `prazoCol`
 * falls in the window's days, narrowed to the scope's person (the registro's responsible), in date
 * order. The query selects id, prazo, registroId, numero, responsavelId, clienteNome and nome.
 */
export function deadlineRows<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, q: AgendaQuery, prazoCol: string, idCol: string): Promise<DeadlineRow[]> {
  const [first, last] = daysOf(q.inicio, q.fim);
  qb.andWhere(`${prazoCol} >= :first AND ${prazoCol} <= :last`, { first, last });
  if (q.scope.kind === 'user') qb.andWhere('r.responsavelId = :uid', { uid: q.scope.userId });
  return qb.orderBy(prazoCol, 'ASC').addOrderBy(idCol, 'ASC').limit(MAX_ITEMS).getRawMany<DeadlineRow>();
}

/**
 * The rows as all-day agenda items linking to the registro (the board's list or the person's own),
 * carrying only the client's name and the protocol; a deadline that falls while its responsible is
 * away is flagged `ausente`.
 */
export async function deadlineItems(
  ds: DataSource,
  q: AgendaQuery,
  rows: DeadlineRow[],
  kind: string,
  spec: { titulo: (r: DeadlineRow) => string; uid: string },
): Promise<AgendaItem[]> {
  const base = can(q.viewer, 'registros.readAll') ? '/painel/registros' : '/painel/meu-registros';
  const [first, last] = daysOf(q.inicio, q.fim);
  const people = [...new Set(rows.map((r) => r.responsavelId).filter((v): v is string => !!v))];
  const away = people.length
    ? await ds.getRepository(Ausencia).createQueryBuilder('a').where('a.userId IN (:...people) AND a.de <= :last AND a.ate >= :first', { people, first, last }).getMany()
    : [];
  const isAway = (userId: string | null, day: string) => !!userId && away.some((a) => a.userId === userId && a.de <= day && a.ate >= day);
  return rows.map((r) => ({
    id: `${kind}-${r.id}`,
    kind,
    titulo: spec.titulo(r),
    inicio: r.prazo,
    fim: addCalendarDays(r.prazo, 1),
    allDay: true,
    link: `${base}/${r.registroId}`,
    clienteNome: r.clienteNome,
    protocolo: r.numero,
    uid: `${spec.uid}-${r.id}@veritas`,
    responsavelId: r.responsavelId,
    ...(isAway(r.responsavelId, r.prazo) ? { ausente: true } : {}),
  }));
}

/**
 * An Agenda source of a registro's dated things (its due date, a stage's end, an exigência's last
 * day): it registers itself, and a subclass says only which rows, which date column and how the
 * title reads.
 */
@Injectable()
export abstract class RegistroDeadlineSource implements AgendaSource, OnModuleInit {
  abstract readonly kind: string;

  constructor(
    @InjectDataSource() protected readonly ds: DataSource,
    private readonly sources: AgendaSources,
  ) {}

  onModuleInit(): void {
    this.sources.register(this);
  }

  /** The query (registros as `r`, clientes as `c`, selecting DeadlineRow's fields), its date and id columns. */
  protected abstract deadlines(): { qb: SelectQueryBuilder<ObjectLiteral>; prazoCol: string; idCol: string; titulo: (r: DeadlineRow) => string; uid: string };

  async itemsBetween(q: AgendaQuery): Promise<AgendaItem[]> {
    const { qb, prazoCol, idCol, titulo, uid } = this.deadlines();
    return deadlineItems(this.ds, q, await deadlineRows(qb, q, prazoCol, idCol), this.kind, { titulo, uid });
  }
}
