import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { addCalendarDays, can, OPEN_REGISTRO_STATUSES, todayInSaoPaulo } from '@veritas/common';
import { Ausencia } from '../equipe/entities/ausencia.entity';
import { Registro } from '../registros/entities/registro.entity';
import { AgendaItem, AgendaQuery, AgendaSource, AgendaSources } from './agenda-source';

/** More than a year of a busy firm's due dates; a window beyond that is cut. */
const MAX_ITEMS = 5000;

/** The first and last São Paulo days touched by [inicio, fim). */
export function daysOf(inicio: Date, fim: Date): [string, string] {
  return [todayInSaoPaulo(inicio), todayInSaoPaulo(new Date(fim.getTime() - 1))];
}

/**
 * The due date of each open registro (registros.prazo), as an all-day item of its responsible:
 * "prazo-registro". A paused registro has no due date and is not shown. A due date that falls
 * while its responsible is away is flagged `ausente`.
 */
@Injectable()
export class RegistroPrazoSource implements AgendaSource, OnModuleInit {
  readonly kind = 'prazo-registro';

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly sources: AgendaSources,
  ) {}

  onModuleInit(): void {
    this.sources.register(this);
  }

  async itemsBetween(q: AgendaQuery): Promise<AgendaItem[]> {
    const [first, last] = daysOf(q.inicio, q.fim);
    const qb = this.ds
      .getRepository(Registro)
      .createQueryBuilder('r')
      .innerJoin('clientes', 'c', 'c.id = r.clienteId')
      .select(['r.id AS id', 'r.numero AS numero', 'r.tipo AS tipo', 'r.prazo AS prazo', 'r.responsavelId AS responsavelId', 'c.razaoSocial AS clienteNome'])
      .where('r.status IN (:...open)', { open: OPEN_REGISTRO_STATUSES })
      .andWhere('r.prazo >= :first AND r.prazo <= :last', { first, last });
    if (q.scope.kind === 'user') qb.andWhere('r.responsavelId = :uid', { uid: q.scope.userId });
    const rows = await qb.orderBy('r.prazo', 'ASC').addOrderBy('r.id', 'ASC').limit(MAX_ITEMS).getRawMany<{
      id: string;
      numero: string;
      tipo: string;
      prazo: string;
      responsavelId: string | null;
      clienteNome: string;
    }>();
    const base = can(q.viewer, 'registros.readAll') ? '/painel/registros' : '/painel/meu-registros';
    const people = [...new Set(rows.map((r) => r.responsavelId).filter((v): v is string => !!v))];
    const away = people.length
      ? await this.ds
          .getRepository(Ausencia)
          .createQueryBuilder('a')
          .where('a.userId IN (:...people) AND a.de <= :last AND a.ate >= :first', { people, first, last })
          .getMany()
      : [];
    const isAway = (userId: string | null, day: string) => !!userId && away.some((a) => a.userId === userId && a.de <= day && a.ate >= day);
    return rows.map((r) => ({
      id: `prazo-registro-${r.id}`,
      kind: this.kind,
      titulo: `Prazo: ${r.numero} — ${r.tipo}`,
      inicio: r.prazo,
      fim: addCalendarDays(r.prazo, 1),
      allDay: true,
      link: `${base}/${r.id}`,
      clienteNome: r.clienteNome,
      protocolo: r.numero,
      uid: `prazo-${r.id}@veritas`,
      responsavelId: r.responsavelId,
      ...(isAway(r.responsavelId, r.prazo) ? { ausente: true } : {}),
    }));
  }
}
