import { Column, Entity, Index } from 'typeorm';
import type { ChecklistStatus } from '@veritas/common';
import { BaseEntity } from '../../platform/database';

/** A document a registro needs: copied from the template at creation, then sent, accepted or refused. */
@Entity('registro_checklist')
@Index('uq_registro_checklist_chave', ['registroId', 'chave'], { unique: true })
@Index('ix_registro_checklist_documento', ['documentoId'])
export class RegistroChecklist extends BaseEntity {
  @Column({ type: 'varchar', length: 36 })
  registroId!: string;

  @Column({ type: 'varchar', length: 60 })
  chave!: string;

  @Column({ type: 'varchar', length: 200 })
  nome!: string;

  @Column({ type: 'text', nullable: true })
  descricao!: string | null;

  @Column({ type: 'boolean', default: true })
  obrigatorio!: boolean;

  @Column({ type: 'int' })
  ordem!: number;

  @Column({ type: 'varchar', length: 10, default: 'pendente' })
  status!: ChecklistStatus;

  /** The reason of the last refusal (the client sees it). */
  @Column({ type: 'text', nullable: true })
  motivo!: string | null;

  /** The last file sent (a row of `documentos`); null when none, or when the client deleted it. */
  @Column({ type: 'varchar', length: 36, nullable: true })
  documentoId!: string | null;

  @Column({ type: 'datetime', nullable: true })
  enviadoEm!: Date | null;

  @Column({ type: 'datetime', nullable: true })
  avaliadoEm!: Date | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  avaliadoPorNome!: string | null;
}
