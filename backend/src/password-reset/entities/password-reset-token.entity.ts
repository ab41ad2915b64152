import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../../platform/database';

export type ResetAccountType = 'user' | 'cliente';

/**
 * A password-recovery link. Only the SHA-256 of the token is kept: whoever reads the database
 * cannot use a pending link. Single use (usedAt) and valid until expiresAt.
 */
@Entity('password_reset_tokens')
@Index('ix_password_reset_account', ['accountType', 'accountId'])
export class PasswordResetToken extends BaseEntity {
  /** Hex SHA-256 of the token sent in the link. */
  @Index('uq_password_reset_hash', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  tokenHash!: string;

  /** Staff (users) or client company (clientes). */
  @Column({ type: 'varchar', length: 10 })
  accountType!: ResetAccountType;

  @Column({ type: 'varchar', length: 36 })
  accountId!: string;

  @Column({ type: 'datetime' })
  expiresAt!: Date;

  @Column({ type: 'datetime', nullable: true })
  usedAt!: Date | null;
}
