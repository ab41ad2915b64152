import { Column, Entity, Index } from 'typeorm';
import type { RegistroStatus } from '@veritas/common';
import { BaseEntity } from '../../platform/database';
import { moneyColumn } from '../../tipos-cliente';

/**
 * A client's request for a service, from the request to its end. The indexes serve the staff list
 * (filters by status, client, responsible, service, late; newest first) on hundreds of thousands
 * of rows: each ends with the sort column(s) and id, so a page of ids and its count are read from
 * the index alone (bench/registros.mjs).
 */
@Entity('registros')
@Index('ix_registros_created', ['createdAt', 'id'])
@Index('ix_registros_status_created', ['status', 'createdAt', 'id', 'prazo'])
@Index('ix_registros_cliente_created', ['clienteId', 'createdAt', 'id'])
@Index('ix_registros_responsavel', ['responsavelId', 'status', 'createdAt', 'id'])
@Index('ix_registros_responsavel_created', ['responsavelId', 'createdAt', 'id'])
@Index('ix_registros_servico', ['servico', 'status', 'createdAt', 'id'])
// Issue 57: one service's registros, newest first (a page walks it).
@Index('ix_registros_servico_created', ['servico', 'createdAt', 'id'])
@Index('ix_registros_status_prazo', ['status', 'prazo', 'id'])
@Index('ix_registros_status_encerrado', ['status', 'encerradoEm', 'createdAt', 'responsavelId', 'juntaUf', 'tipo', 'prazo'])
@Index('ix_registros_relatorio_criados', ['createdAt', 'status', 'tipo', 'juntaUf', 'responsavelId', 'servico'])
@Index('ix_registros_status_exigencia', ['status', 'exigenciaPrazo', 'id'])
// Issue 11: the list's junta and etapa filters (alone or together), newest first.
@Index('ix_registros_junta_created', ['juntaUf', 'createdAt', 'id'])
@Index('ix_registros_etapa_junta_created', ['etapaAtual', 'juntaUf', 'createdAt', 'id'])
@Index('ix_registros_etapa_created', ['etapaAtual', 'createdAt', 'id'])
export class Registro extends BaseEntity {
  /** The protocol number, "2026-000123". */
  @Index('uq_registros_numero', { unique: true })
  @Column({ type: 'varchar', length: 20 })
  numero!: string;

  @Column({ type: 'varchar', length: 36 })
  clienteId!: string;

  /** Catalogue code, or null for a client type's own service. */
  @Column({ type: 'varchar', length: 60, nullable: true })
  servico!: string | null;

  /** The service's name as requested. */
  @Column({ type: 'varchar', length: 120 })
  tipo!: string;

  @Column({ type: 'text' })
  descricao!: string;

  /** The price at the time of the request, from the client's type. */
  @Column({ type: 'decimal', precision: 12, scale: 2, nullable: true, transformer: moneyColumn })
  valor!: number | null;

  @Column({ type: 'varchar', length: 12, default: 'pendente' })
  status!: RegistroStatus;

  @Column({ type: 'varchar', length: 36, nullable: true })
  responsavelId!: string | null;

  @Column({ type: 'int' })
  slaDiasUteis!: number;

  /** Due date 'YYYY-MM-DD'; null while the clock is stopped. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  prazo!: string | null;

  /** The day the clock stopped (waiting on the client). */
  @Column({ type: 'varchar', length: 10, nullable: true })
  pausadoEm!: string | null;

  /** Business days left when the clock stopped. */
  @Column({ type: 'int', nullable: true })
  diasUteisRestantes!: number | null;

  @Column({ type: 'datetime', nullable: true })
  encerradoEm!: Date | null;

  /** Issue 11: UF of the Junta Comercial it is filed at; its calendar counts the due date. */
  @Column({ type: 'varchar', length: 2, default: 'SP' })
  juntaUf!: string;

  /** Issue 11: name of the current stage (the first not finished), kept by the stage moves; null when none is left. */
  @Column({ type: 'varchar', length: 120, nullable: true })
  etapaAtual!: string | null;

  /** Issue 11: since when the current stage is the current one (the pipeline's "days in stage"). */
  @Column({ type: 'datetime', nullable: true })
  etapaDesde!: Date | null;

  /** Issue 11: the earliest deadline of the open exigências ('YYYY-MM-DD'); null when none is open. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  exigenciaPrazo!: string | null;

  /** Issue 11: the clock is stopped because of an open exigência (not by waiting on the client). */
  @Column({ type: 'boolean', default: false })
  pausaExigencia!: boolean;
}
