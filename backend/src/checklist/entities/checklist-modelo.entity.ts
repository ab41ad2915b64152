import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../../platform/database';

/** One document a service asks for (the board's template); copied into each new registro of that service. */
@Entity('checklist_modelos')
@Index('uq_checklist_modelos_chave', ['servico', 'chave'], { unique: true })
export class ChecklistModelo extends BaseEntity {
  /** Catalogue code (SERVICOS_CATALOGO). */
  @Column({ type: 'varchar', length: 60 })
  servico!: string;

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
}
