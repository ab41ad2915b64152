import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { RegistroExigencia } from '../exigencias/entities/registro-exigencia.entity';
import { AgendaItem, AgendaQuery, AgendaSource, AgendaSources } from './agenda-source';
import { deadlineItems, deadlineRows } from './registro-deadlines';

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
    const qb = this.ds
      .getRepository(RegistroExigencia)
      .createQueryBuilder('x')
      .innerJoin('registros', 'r', 'r.id = x.registroId')
      .innerJoin('clientes', 'c', 'c.id = r.clienteId')
      .select(['x.id AS id', 'NULL AS nome', 'x.prazo AS prazo', 'r.id AS registroId', 'r.numero AS numero', 'r.responsavelId AS responsavelId', 'c.razaoSocial AS clienteNome'])
      .where('x.cumpridaEm IS NULL');
    return deadlineItems(this.ds, q, await deadlineRows(qb, q, 'x.prazo', 'x.id'), this.kind, { titulo: (r) => `Exigência: prazo final — ${r.numero}`, uid: 'exigencia' });
  }
}
