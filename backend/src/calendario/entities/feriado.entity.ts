import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../../platform/database';

/** A non-working day of the firm's own (a state or city holiday, a closure). */
@Entity('feriados')
export class Feriado extends BaseEntity {
  /** 'YYYY-MM-DD'. */
  @Index('uq_feriados_data', { unique: true })
  @Column({ type: 'varchar', length: 10 })
  data!: string;

  @Column({ type: 'varchar', length: 120 })
  nome!: string;
}
