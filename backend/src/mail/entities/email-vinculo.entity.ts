import { Column, Entity, Index } from 'typeorm';
import type { EmailVinculoOrigem } from '@veritas/common';
import { BaseEntity } from '../../platform/database';

/**
 * A stored message (one mailbox's copy) filed under a client, a registro, or both (issue 56).
 * Made at ingest, in the transaction that stores the message ('auto'), or by hand in the reader
 * ('manual'). The rows go with the message, the client or the registro (ON DELETE CASCADE).
 */
@Entity('email_vinculos')
export class EmailVinculo extends BaseEntity {
  @Index('ix_email_vinculos_email')
  @Column({ type: 'varchar', length: 36 })
  emailId!: string;

  @Index('ix_email_vinculos_cliente')
  @Column({ type: 'varchar', length: 36, nullable: true })
  clienteId!: string | null;

  @Index('ix_email_vinculos_registro')
  @Column({ type: 'varchar', length: 36, nullable: true })
  registroId!: string | null;

  @Column({ type: 'varchar', length: 10 })
  origem!: EmailVinculoOrigem;
}
