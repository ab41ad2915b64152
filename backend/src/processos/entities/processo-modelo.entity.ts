import { Column, Entity, Index } from 'typeorm';
import type { EtapaModelo } from '@veritas/common';
import { BaseEntity } from '../../platform/database';

const jsonEtapas = {
  to: (v: EtapaModelo[]) => JSON.stringify(v),
  from: (v: string) => JSON.parse(v) as EtapaModelo[],
};

/** A service's stage template as the board edited it (services without a row use the defaults). */
@Entity('processo_modelos')
@Index('uq_processo_modelos_servico', ['servico'], { unique: true })
export class ProcessoModelo extends BaseEntity {
  @Column({ type: 'varchar', length: 60 })
  servico!: string;

  @Column({ type: 'text', transformer: jsonEtapas })
  etapas!: EtapaModelo[];

  @Column({ type: 'varchar', length: 200, nullable: true })
  atualizadoPor!: string | null;
}
