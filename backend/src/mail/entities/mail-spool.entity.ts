import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../../platform/database';

/**
 * A message received over SMTP and answered 250 while the listener was busy, not yet in its
 * recipients' inboxes (MailSpool): the raw bytes as they arrived (in the row, or over 1 MB in a mail
 * file) and the envelope. The row goes in the same transaction that stores the message; until then it
 * is the message. Its file is removed after that commit (a crash in between leaves it to MailOrphanSweep).
 */
@Entity('mail_spool')
@Index('ix_mail_spool_lease', ['leaseUntil'])
export class MailSpoolRow extends BaseEntity {
  /** The message as received (CRLF, dot-unstuffed), at most MailSpool's SPOOL_ROW_MAX_BYTES (1 MB); empty when in rawFile. */
  @Column({ type: 'blob' })
  raw!: Buffer;

  /** A larger message's raw bytes: the mail file (MailFiles) that holds them, written and synced before the row. */
  @Column({ type: 'varchar', length: 80, nullable: true })
  rawFile!: string | null;

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
