import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { addCalendarDays, can } from '@veritas/common';
import { Cobranca } from '../financas';
import { AgendaItem, AgendaQuery, AgendaSource, AgendaSources } from './agenda-source';
import { daysOf } from './registro-deadlines';

const MAX_ITEMS = 5000;

/**
 * The due date of each open charge (cobrancas.vencimento), as an all-day item: "cobranca". Shown
 * only to viewers who hold financas.read. A charge has no owner of its own: a Finanças holder's
 * own agenda (and the board's unfiltered one) shows every open charge; the board's filter for one
 * person shows the charges of that person's registros. See docs/adr/0024-agenda-sources-recurrence-feed.md.
 */
@Injectable()
export class CobrancaSource implements AgendaSource, OnModuleInit {
  readonly kind = 'cobranca';

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly sources: AgendaSources,
  ) {}

  onModuleInit(): void {
    this.sources.register(this);
  }

  async itemsBetween(q: AgendaQuery): Promise<AgendaItem[]> {
    if (!can(q.viewer, 'financas.read')) return [];
    const [first, last] = daysOf(q.inicio, q.fim);
    const qb = this.ds
      .getRepository(Cobranca)
      .createQueryBuilder('b')
      .innerJoin('clientes', 'c', 'c.id = b.clienteId')
      .leftJoin('registros', 'r', 'r.id = b.registroId')
      .select(['b.id AS id', 'b.vencimento AS vencimento', 'r.numero AS numero', 'r.responsavelId AS responsavelId', 'c.razaoSocial AS clienteNome'])
      .where('b.status = :aberta', { aberta: 'aberta' })
      .andWhere('b.vencimento >= :first AND b.vencimento <= :last', { first, last });
    if (q.scope.kind === 'user' && q.scope.userId !== q.viewer.id) qb.andWhere('r.responsavelId = :uid', { uid: q.scope.userId });
    const rows = await qb.orderBy('b.vencimento', 'ASC').addOrderBy('b.id', 'ASC').limit(MAX_ITEMS).getRawMany<{
      id: string;
      vencimento: string;
      numero: string | null;
      responsavelId: string | null;
      clienteNome: string;
    }>();
    return rows.map((r) => ({
      id: `cobranca-${r.id}`,
      kind: this.kind,
      titulo: `Cobrança: ${r.clienteNome}${r.numero ? ` — ${r.numero}` : ''}`,
      inicio: r.vencimento,
      fim: addCalendarDays(r.vencimento, 1),
      allDay: true,
      link: '/painel/financas',
      clienteNome: r.clienteNome,
      protocolo: r.numero,
      uid: `cobranca-${r.id}@veritas`,
      responsavelId: r.responsavelId,
    }));
  }
}
