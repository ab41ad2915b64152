import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { OPEN_REGISTRO_STATUSES } from '@veritas/common';
import { Registro } from '../registros/entities/registro.entity';
import { AgendaItem, AgendaQuery, AgendaSource, AgendaSources } from './agenda-source';
import { deadlineItems, deadlineRows } from './registro-deadlines';

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
    const qb = this.ds
      .getRepository(Registro)
      .createQueryBuilder('r')
      .innerJoin('clientes', 'c', 'c.id = r.clienteId')
      .select(['r.id AS id', 'r.id AS registroId', 'r.numero AS numero', 'r.tipo AS nome', 'r.prazo AS prazo', 'r.responsavelId AS responsavelId', 'c.razaoSocial AS clienteNome'])
      .where('r.status IN (:...open)', { open: OPEN_REGISTRO_STATUSES });
    return deadlineItems(this.ds, q, await deadlineRows(qb, q, 'r.prazo', 'r.id'), this.kind, { titulo: (r) => `Prazo: ${r.numero} — ${r.nome}`, uid: 'prazo' });
  }
}
