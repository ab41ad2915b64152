import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { addCalendarDays, can } from '@veritas/common';
import { RegistroEtapa } from '../processos/entities/registro-etapa.entity';
import { AgendaItem, AgendaQuery, AgendaSource, AgendaSources } from './agenda-source';
import { daysOf } from './registro-prazo.source';

const MAX_ITEMS = 5000;

/**
 * The expected end (registro_etapas.prazo) of each stage in progress, as an all-day item of the
 * registro's responsible: "prazo-etapa". A pending, concluded or waived stage is not shown.
 */
@Injectable()
export class EtapaPrazoSource implements AgendaSource, OnModuleInit {
  readonly kind = 'prazo-etapa';

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
      .getRepository(RegistroEtapa)
      .createQueryBuilder('e')
      .innerJoin('registros', 'r', 'r.id = e.registroId')
      .innerJoin('clientes', 'c', 'c.id = r.clienteId')
      .select(['e.id AS id', 'e.nome AS nome', 'e.prazo AS prazo', 'r.id AS registroId', 'r.numero AS numero', 'r.responsavelId AS responsavelId', 'c.razaoSocial AS clienteNome'])
      .where('e.status = :andamento', { andamento: 'andamento' })
      .andWhere('e.prazo IS NOT NULL AND e.prazo >= :first AND e.prazo <= :last', { first, last });
    if (q.scope.kind === 'user') qb.andWhere('r.responsavelId = :uid', { uid: q.scope.userId });
    const rows = await qb.orderBy('e.prazo', 'ASC').addOrderBy('e.id', 'ASC').limit(MAX_ITEMS).getRawMany<{
      id: string;
      nome: string;
      prazo: string;
      registroId: string;
      numero: string;
      responsavelId: string | null;
      clienteNome: string;
    }>();
    const base = can(q.viewer, 'registros.readAll') ? '/painel/registros' : '/painel/meu-registros';
    return rows.map((r) => ({
      id: `prazo-etapa-${r.id}`,
      kind: this.kind,
      titulo: `Etapa: ${r.nome} — ${r.numero}`,
      inicio: r.prazo,
      fim: addCalendarDays(r.prazo, 1),
      allDay: true,
      link: `${base}/${r.registroId}`,
      clienteNome: r.clienteNome,
      protocolo: r.numero,
      uid: `etapa-${r.id}@veritas`,
      responsavelId: r.responsavelId,
    }));
  }
}
