import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { addCalendarDays, can } from '@veritas/common';
import { RegistroExigencia } from '../exigencias/entities/registro-exigencia.entity';
import { AgendaItem, AgendaQuery, AgendaSource, AgendaSources } from './agenda-source';
import { daysOf } from './registro-prazo.source';

const MAX_ITEMS = 5000;

/**
 * The last day to meet each open exigência (registro_exigencias.prazo: 30 calendar days from the
 * round's first notice), as an all-day item of the registro's responsible: "prazo-exigencia".
 * A met one is not shown.
 */
@Injectable()
export class ExigenciaPrazoSource implements AgendaSource, OnModuleInit {
  readonly kind = 'prazo-exigencia';

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
      .getRepository(RegistroExigencia)
      .createQueryBuilder('x')
      .innerJoin('registros', 'r', 'r.id = x.registroId')
      .innerJoin('clientes', 'c', 'c.id = r.clienteId')
      .select(['x.id AS id', 'x.prazo AS prazo', 'r.id AS registroId', 'r.numero AS numero', 'r.responsavelId AS responsavelId', 'c.razaoSocial AS clienteNome'])
      .where('x.cumpridaEm IS NULL')
      .andWhere('x.prazo >= :first AND x.prazo <= :last', { first, last });
    if (q.scope.kind === 'user') qb.andWhere('r.responsavelId = :uid', { uid: q.scope.userId });
    const rows = await qb.orderBy('x.prazo', 'ASC').addOrderBy('x.id', 'ASC').limit(MAX_ITEMS).getRawMany<{
      id: string;
      prazo: string;
      registroId: string;
      numero: string;
      responsavelId: string | null;
      clienteNome: string;
    }>();
    const base = can(q.viewer, 'registros.readAll') ? '/painel/registros' : '/painel/meu-registros';
    return rows.map((r) => ({
      id: `prazo-exigencia-${r.id}`,
      kind: this.kind,
      titulo: `Exigência: prazo final — ${r.numero}`,
      inicio: r.prazo,
      fim: addCalendarDays(r.prazo, 1),
      allDay: true,
      link: `${base}/${r.registroId}`,
      clienteNome: r.clienteNome,
      protocolo: r.numero,
      uid: `exigencia-${r.id}@veritas`,
      responsavelId: r.responsavelId,
    }));
  }
}
