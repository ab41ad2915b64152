import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../../platform/database';

/**
 * A staff user's recovery e-mail (issue 53, ADR 0048): where the user's password-reset links go,
 * outside the firm's domain. It counts only once confirmed (verificadoEm); until then the pending
 * link's token is kept as its SHA-256 only, one use, until tokenExpiraEm.
 */
@Entity('email_recuperacao')
export class EmailRecuperacao extends BaseEntity {
  @Index('uq_email_recuperacao_user', { unique: true })
  @Column({ type: 'varchar', length: 36 })
  userId!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'datetime', nullable: true })
  verificadoEm!: Date | null;

  @Index('ix_email_recuperacao_token')
  @Column({ type: 'varchar', length: 64, nullable: true })
  tokenHash!: string | null;

  @Column({ type: 'datetime', nullable: true })
  tokenExpiraEm!: Date | null;
}
