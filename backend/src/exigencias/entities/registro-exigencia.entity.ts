import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../../platform/database';

/**
 * A requirement the Junta raised on a registro. Its deadline is fixed when it is recorded: the
 * first notice of its round + 30 calendar days (IN DREI 81/2020, never restarted; see
 * docs/adr/0022-exigencias-and-checklists.md). Open while `cumpridaEm` is null; "expirada" is
 * computed from the deadline and today.
 */
@Entity('registro_exigencias')
@Index('ix_registro_exigencias_registro', ['registroId', 'notificadaEm'])
@Index('ix_registro_exigencias_prazo', ['prazo'])
export class RegistroExigencia extends BaseEntity {
  @Column({ type: 'varchar', length: 36 })
  registroId!: string;

  @Column({ type: 'text' })
  descricao!: string;

  /** 'YYYY-MM-DD' */
  @Column({ type: 'varchar', length: 10 })
  notificadaEm!: string;

  /** 'YYYY-MM-DD': the first notice of the round this one belongs to. */
  @Column({ type: 'varchar', length: 10 })
  rodadaInicio!: string;

  /** 'YYYY-MM-DD': the last day to comply. */
  @Column({ type: 'varchar', length: 10 })
  prazo!: string;

  @Column({ type: 'datetime', nullable: true })
  cumpridaEm!: Date | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  cumpridaPorNome!: string | null;

  @Column({ type: 'varchar', length: 36, nullable: true })
  criadoPorId!: string | null;

  @Column({ type: 'varchar', length: 200 })
  criadoPorNome!: string;

  /** The deadline ('YYYY-MM-DD') the client was last reminded of (AvisosPrazos, issue 53); null: never. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  clienteAvisadoPrazo!: string | null;
}
