import { BeforeInsert, BeforeUpdate, Column, Entity, Index } from 'typeorm';
import type { ClienteStatus } from '@veritas/common';
import { BaseEntity } from '../../platform/database';

const text = (length: number) => ({ type: 'varchar' as const, length, nullable: true });

/**
 * A client company. CNPJ, CEP and phones are stored clean (no mask) so that search and uniqueness
 * work in SQL; responses mask them again. `busca` holds the searchable text without accents.
 */
@Entity('clientes')
// Covers the staff list: order, tabs and search (migration 1763800000200).
@Index('ix_clientes_lista', ['createdAt', 'id', 'status', 'busca'])
// Issue 57: one type's clients, newest first (a page walks it).
@Index('ix_clientes_tipo_created', ['tipoClienteId', 'createdAt', 'id'])
export class Cliente extends BaseEntity {
  @Column({ type: 'varchar', length: 200 })
  razaoSocial!: string;

  @Column(text(200))
  nomeFantasia!: string | null;

  /** Null while a founder's company is being opened (issue 54): it arrives when the abertura's CNPJ stage completes. */
  @Index('uq_clientes_cnpj', { unique: true })
  @Column({ type: 'varchar', length: 14, nullable: true })
  cnpj!: string | null;

  /** The founder's CPF (clean), given when registering without a CNPJ (migration 1766810000000). */
  @Index('ix_clientes_cpf')
  @Column(text(11))
  cpf!: string | null;

  @Column(text(20)) cnes!: string | null;
  @Column(text(20)) nire!: string | null;

  @Index('uq_clientes_email', { unique: true })
  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column(text(254)) emailRF!: string | null;
  @Column(text(11)) telefone!: string | null;
  @Column(text(11)) celularWhatsApp!: string | null;
  @Column(text(11)) telefoneResponsavel!: string | null;
  @Column(text(11)) celularWhatsAppResponsavel!: string | null;
  @Column(text(8)) cep!: string | null;
  @Column(text(200)) endereco!: string | null;
  @Column(text(20)) numero!: string | null;
  @Column(text(100)) complemento!: string | null;
  @Column(text(100)) bairro!: string | null;
  @Column(text(100)) cidade!: string | null;
  @Column(text(2)) estado!: string | null;
  @Column({ type: 'varchar', length: 60, default: 'Brasil' }) pais!: string;
  @Column(text(160)) nomeCompletoResponsavel!: string | null;
  @Column(text(80)) cargo!: string | null;
  @Column(text(10)) dataNascimento!: string | null;
  @Column(text(160)) nomeCompletoAssinanteDBE!: string | null;
  @Column(text(80)) cargoAssinanteDBE!: string | null;
  @Column(text(10)) dataNascimentoAssinanteDBE!: string | null;

  @Column({ type: 'varchar', length: 255 })
  passwordHash!: string;

  /** Tokens issued before this instant are refused (a password change ends other sessions). */
  @Column({ type: 'datetime', nullable: true })
  passwordChangedAt!: Date | null;

  /** Sessions' version (issue 54): a token carries the one it was issued under; a password change and "Sair de todos os dispositivos" add one. */
  @Column({ type: 'int', default: 0 })
  tokenVersion!: number;

  @Column({ type: 'varchar', length: 10, default: 'ativo' })
  status!: ClienteStatus;

  /** When it last became inativo (the reports count inactivations per month); null while ativo. */
  @Index('ix_clientes_inativado')
  @Column({ type: 'datetime', nullable: true })
  inativadoEm!: Date | null;

  /** Every save that changes the status keeps `inativadoEm` in step with it. */
  @BeforeInsert()
  @BeforeUpdate()
  markInativado(): void {
    if (this.status === 'inativo') this.inativadoEm ??= new Date();
    else if (this.status === 'ativo') this.inativadoEm = null;
  }

  @Index('ix_clientes_tipo')
  @Column({ type: 'varchar', length: 36, nullable: true })
  tipoClienteId!: string | null;

  /** Folded to plain ASCII (foldBusca); ascii_bin on MySQL (migration 1763800000300). */
  @Column({ type: 'varchar', length: 700, default: '' })
  busca!: string;
}
