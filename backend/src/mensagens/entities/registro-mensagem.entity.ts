import { Column, Entity, Index } from 'typeorm';
import type { MensagemLado } from '@veritas/common';
import { BaseEntity } from '../../platform/database';

/**
 * One message of a registro's conversation between its client and the firm (issue 56, ADR 0057). Its files are
 * documents of the registro (documentos.mensagemId). `lidaEm` is the other side's read receipt; createdAt is
 * when it was written. Goes with its registro (ON DELETE CASCADE).
 */
@Entity('registro_mensagens')
@Index('ix_registro_mensagens_registro', ['registroId', 'createdAt', 'id'])
@Index('ix_registro_mensagens_lida', ['registroId', 'lado', 'lidaEm'])
export class RegistroMensagem extends BaseEntity {
  @Column({ type: 'varchar', length: 36 })
  registroId!: string;

  @Column({ type: 'varchar', length: 10 })
  lado!: MensagemLado;

  /** The author's name when it was written: the staff member's, or the client's company name. */
  @Column({ type: 'varchar', length: 200 })
  autorNome!: string;

  @Column({ type: 'varchar', length: 36, nullable: true })
  autorUsuarioId!: string | null;

  @Column({ type: 'varchar', length: 36, nullable: true })
  autorClienteId!: string | null;

  /** The client's member who wrote it (ADR 0058); null for staff. */
  @Column({ type: 'varchar', length: 36, nullable: true })
  autorMembroId!: string | null;

  @Column({ type: 'text' })
  texto!: string;

  @Column({ type: 'datetime', nullable: true })
  lidaEm!: Date | null;
}
