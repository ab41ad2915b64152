import { Column, Entity, Index } from 'typeorm';
import type { Capacidade, PapelMembro, StatusMembro } from '@veritas/common';
import { BaseEntity } from '../../platform/database';

/**
 * A person of a client company (issue 54, ADR 0058): its own login (e-mail unique across members and
 * distinct from staff), role and capacities. The company's sign-in lives here, not in `clientes`
 * (migration 1766930000000 moved it into each company's Responsável). An invited member has no
 * password until it accepts; the invitation's token is stored as its SHA-256 only.
 */
@Entity('cliente_membros')
@Index('ix_cliente_membros_cliente', ['clienteId', 'createdAt'])
export class ClienteMembro extends BaseEntity {
  @Column({ type: 'varchar', length: 36 })
  clienteId!: string;

  @Column({ type: 'varchar', length: 200 })
  nome!: string;

  @Index('uq_cliente_membros_email', { unique: true })
  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 11, nullable: true })
  cpf!: string | null;

  @Column({ type: 'varchar', length: 12 })
  papel!: PapelMembro;

  /** The toggled capacities (JSON list); null: the role's defaults (capacidadesDe). */
  @Column({
    type: 'varchar',
    length: 200,
    nullable: true,
    transformer: {
      to: (v: Capacidade[] | null | undefined) => (v == null ? null : JSON.stringify(v)),
      from: (v: unknown) => (typeof v === 'string' && v ? (JSON.parse(v) as Capacidade[]) : null),
    },
  })
  capacidades!: Capacidade[] | null;

  @Column({ type: 'varchar', length: 10, default: 'ativo' })
  status!: StatusMembro;

  @Column({ type: 'varchar', length: 255, nullable: true })
  passwordHash!: string | null;

  @Column({ type: 'datetime', nullable: true })
  passwordChangedAt!: Date | null;

  @Column({ type: 'int', default: 0 })
  tokenVersion!: number;

  @Index('uq_cliente_membros_convite', { unique: true })
  @Column({ type: 'varchar', length: 64, nullable: true })
  conviteHash!: string | null;

  @Column({ type: 'datetime', nullable: true })
  conviteExpiraEm!: Date | null;

  /** Who sent the (last) invitation, as the acceptance page names them. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  convidadoPor!: string | null;
}
