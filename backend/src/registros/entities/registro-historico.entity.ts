import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../../platform/database';

/** 'etapa' and 'junta': issue 11 (a stage moved; the Junta changed). */
export type HistoricoEvento = 'criacao' | 'status' | 'responsavel' | 'etapa' | 'junta' | 'exigencia';
export type AutorTipo = 'cliente' | 'equipe';

/**
 * One change of a registro: who (a snapshot of the name, so the line survives the person), when,
 * from → to, and an optional note that is internal unless marked for the client.
 */
@Entity('registro_historico')
@Index('uq_registro_historico_ordem', ['registroId', 'ordem'], { unique: true })
export class RegistroHistorico extends BaseEntity {
  @Column({ type: 'varchar', length: 36 })
  registroId!: string;

  /** 1, 2, 3... within the registro: the order of events (MySQL's DATETIME keeps whole seconds only). */
  @Column({ type: 'int' })
  ordem!: number;

  @Column({ type: 'varchar', length: 12 })
  evento!: HistoricoEvento;

  @Column({ type: 'varchar', length: 200, nullable: true })
  de!: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  para!: string | null;

  @Column({ type: 'varchar', length: 10 })
  autorTipo!: AutorTipo;

  @Column({ type: 'varchar', length: 36, nullable: true })
  autorId!: string | null;

  @Column({ type: 'varchar', length: 200 })
  autorNome!: string;

  @Column({ type: 'text', nullable: true })
  nota!: string | null;

  @Column({ type: 'boolean', default: false })
  notaVisivelCliente!: boolean;

  /** Whether the line is on the client's timeline at all (assignments are not). */
  @Column({ type: 'boolean', default: true })
  visivelCliente!: boolean;
}
