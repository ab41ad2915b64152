import { Column, Entity, Index } from 'typeorm';
import type { AusenciaTipo } from '@veritas/common';
import { BaseEntity } from '../../platform/database';

/** A staff member away (both days included, São Paulo calendar): not offered for assignment. */
@Entity('equipe_ausencias')
@Index('ix_equipe_ausencias_user', ['userId', 'de'])
@Index('ix_equipe_ausencias_periodo', ['de', 'ate'])
export class Ausencia extends BaseEntity {
  @Column({ type: 'varchar', length: 36 })
  userId!: string;

  @Column({ type: 'varchar', length: 10 })
  tipo!: AusenciaTipo;

  /** 'YYYY-MM-DD'. */
  @Column({ type: 'varchar', length: 10 })
  de!: string;

  @Column({ type: 'varchar', length: 10 })
  ate!: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  nota!: string | null;
}
