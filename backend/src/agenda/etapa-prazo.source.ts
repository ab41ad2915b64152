import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { RegistroEtapa } from '../processos/entities/registro-etapa.entity';
import { AgendaItem, AgendaQuery, AgendaSource, AgendaSources } from './agenda-source';
import { deadlineItems, deadlineRows } from './registro-deadlines';

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
    const qb = this.ds
      .getRepository(RegistroEtapa)
      .createQueryBuilder('e')
      .innerJoin('registros', 'r', 'r.id = e.registroId')
      .innerJoin('clientes', 'c', 'c.id = r.clienteId')
      .select(['e.id AS id', 'e.nome AS nome', 'e.prazo AS prazo', 'r.id AS registroId', 'r.numero AS numero', 'r.responsavelId AS responsavelId', 'c.razaoSocial AS clienteNome'])
      .where('e.status = :andamento', { andamento: 'andamento' })
      .andWhere('e.prazo IS NOT NULL');
    return deadlineItems(this.ds, q, await deadlineRows(qb, q, 'e.prazo', 'e.id'), this.kind, { titulo: (r) => `Etapa: ${r.nome} — ${r.numero}`, uid: 'etapa' });
  }
}
