import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../../common/entity-base';

export type OutboxStatus = 'pending' | 'sent' | 'failed';

/** A system notification waiting to go out (MailService.enqueue), retried with backoff. */
@Entity('mail_outbox')
@Index('ix_mail_outbox_due', ['status', 'nextAttemptAt'])
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

  /** The request (or job) that queued it: the sender logs under the same id. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  requestId!: string | null;
}
