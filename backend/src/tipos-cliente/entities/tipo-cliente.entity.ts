import { Column, Entity, Index, JoinColumn, ManyToOne, OneToMany } from 'typeorm';
import { BaseEntity } from '../../platform/database';

/**
 * DECIMAL(12,2) in and out as a number of reais. The database gets a string with exactly two
 * places (MySQL returns DECIMAL as a string; SQLite as a number), so no binary fraction is stored.
 */
export const moneyColumn = {
  to: (v: number | null | undefined) => (v === null || v === undefined ? v : v.toFixed(2)),
  from: (v: string | number | null) => (v === null || v === undefined ? v : Math.round(Number(v) * 100) / 100),
};

/** A client type (§3.7): a name, active or not, and the services it includes with their prices. */
@Entity('tipos_cliente')
export class TipoCliente extends BaseEntity {
  @Column({ type: 'varchar', length: 120 })
  nome!: string;

  @Index('ix_tipos_cliente_ativo')
  @Column({ type: 'boolean', default: true })
  ativo!: boolean;

  /** The name folded (no accents, lower case): search, and one type per name. */
  @Index('uq_tipos_cliente_busca', { unique: true })
  @Column({ type: 'varchar', length: 120 })
  busca!: string;

  @OneToMany(() => TipoClienteServico, (s) => s.tipoCliente)
  servicos?: TipoClienteServico[];
}

/** A priced service of a client type, in its own table so prices are exact DECIMALs. */
@Entity('tipos_cliente_servicos')
export class TipoClienteServico extends BaseEntity {
  @Index('ix_tipos_cliente_servicos_tipo')
  @Column({ type: 'varchar', length: 36 })
  tipoClienteId!: string;

  @ManyToOne(() => TipoCliente, (t) => t.servicos, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tipoClienteId' })
  tipoCliente?: TipoCliente;

  @Column({ type: 'varchar', length: 120 })
  nome!: string;

  @Column({ type: 'decimal', precision: 12, scale: 2, transformer: moneyColumn })
  valor!: number;

  /** Position in the form's list, so the services come back in the order they were entered. */
  @Column({ type: 'int' })
  ordem!: number;
}
