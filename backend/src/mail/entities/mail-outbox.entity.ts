import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../../platform/database';

/** cancelled: by the board (Fila de saída), or by a client's erasure (LGPD); its content is removed. */
export type OutboxStatus = 'pending' | 'sent' | 'failed' | 'cancelled';

/** A system notification waiting to go out (MailService.enqueue), retried with backoff. */
@Entity('mail_outbox')
@Index('ix_mail_outbox_due', ['status', 'nextAttemptAt'])
@Index('ix_mail_outbox_updated', ['updatedAt'])
export class MailOutbox extends BaseEntity {
  @Column({ type: 'varchar', length: 10 })
  status!: OutboxStatus;

  @Column({ type: 'int' })
  attempts!: number;

  @Column({ type: 'datetime' })
  nextAttemptAt!: Date;

  @Column({ type: 'varchar', length: 500, nullable: true })
  lastError!: string | null;

  /** The OutgoingMail as JSON (attachments in base64) under DATA_DIR/mail/outbox; removed once sent. */
  @Index('ix_mail_outbox_payload')
  @Column({ type: 'varchar', length: 80 })
  payloadFile!: string;

  /** Subject and recipients, for the logs. */
  @Column({ type: 'varchar', length: 500 })
  summary!: string;

  /** Set once the relay took the outside recipients, so a retry only redoes what is left. */
  @Column({ type: 'boolean' })
  relayDone!: boolean;

  @Column({ type: 'boolean' })
  localDone!: boolean;

  /**
   * The client a notification was for, its event ('registro.status'…) and subject: the client's e-mail
   * log (issue 58). Event and subject are kept for every message since issue 53 (the Fila de saída).
   */
  @Index('ix_mail_outbox_cliente')
  @Column({ type: 'varchar', length: 36, nullable: true })
  clienteId!: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  evento!: string | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  assunto!: string | null;

  /** The recipients (to, cc, bcc), for the board's Fila de saída (issue 53); null on rows queued before it. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  para!: string | null;

  /** The request (or job) that queued it: the sender logs under the same id. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  requestId!: string | null;
}
