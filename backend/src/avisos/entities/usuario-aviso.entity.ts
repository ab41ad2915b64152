import { Column, Entity, Index } from 'typeorm';
import type { AvisoTipo } from '@veritas/common';
import { BaseEntity } from '../../platform/database';

/**
 * One notice of the panel's bell (issue 53, ADR 0053): a staff member's own, with the /painel path it
 * links to; unread until lidoEm. Goes with its user (ON DELETE CASCADE).
 */
@Entity('usuario_avisos')
@Index('ix_usuario_avisos_user', ['userId', 'lidoEm', 'createdAt'])
@Index('uq_usuario_avisos_chave', ['userId', 'chave'], { unique: true })
export class UsuarioAviso extends BaseEntity {
  @Column({ type: 'varchar', length: 36 })
  userId!: string;

  @Column({ type: 'varchar', length: 40 })
  tipo!: AvisoTipo;

  @Column({ type: 'varchar', length: 200 })
  titulo!: string;

  @Column({ type: 'varchar', length: 300 })
  link!: string;

  @Column({ type: 'datetime', nullable: true })
  lidoEm!: Date | null;

  /** Set on a notice given once per thing and person (a deadline drawing near); null otherwise. */
  @Column({ type: 'varchar', length: 120, nullable: true })
  chave!: string | null;
}
