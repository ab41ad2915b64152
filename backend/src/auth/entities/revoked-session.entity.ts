import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A session ended by "Sair" (issue 54) while its token could still be presented: kept until the
 * token's own expiry, so a restart of the single process does not bring it back. With REDIS_URL
 * the revocation lives in Redis instead, where every replica reads it.
 */
@Entity('sessoes_revogadas')
export class RevokedSession {
  /** The token's `sid`. */
  @PrimaryColumn({ type: 'varchar', length: 36 })
  sid!: string;

  @Index('idx_sessoes_revogadas_expira')
  @Column({ type: 'datetime' })
  expiraEm!: Date;
}
