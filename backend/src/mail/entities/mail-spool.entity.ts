import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../../common/entity-base';

/**
 * A message received over SMTP and answered 250 while the listener was busy, not yet in its
 * recipients' inboxes (MailSpool): the raw bytes as they arrived and the envelope. The row goes in
 * the same transaction that stores the message; until then it is the message.
 */
@Entity('mail_spool')
@Index('ix_mail_spool_lease', ['leaseUntil'])
export class MailSpoolRow extends BaseEntity {
  /** The message as received (CRLF, dot-unstuffed), at most MailSpool's SPOOL_MAX_MESSAGE_BYTES (1 MB). */
  @Column({ type: 'blob' })
  raw!: Buffer;

  /** MAIL FROM ('' for the null sender). */
  @Column({ type: 'varchar', length: 254 })
  mailFrom!: string;

  /** JSON: the mailbox owners' ids the recipients were accepted for at RCPT TO. */
  @Column({ type: 'text' })
  owners!: string;

  @Column({ type: 'varchar', length: 64 })
  remoteAddress!: string;

  /** Taken by a process until then (the one that received it; after it, any process may take it). */
  @Column({ type: 'datetime' })
  leaseUntil!: Date;

  @Column({ type: 'int' })
  attempts!: number;

  @Column({ type: 'varchar', length: 500, nullable: true })
  lastError!: string | null;
}
