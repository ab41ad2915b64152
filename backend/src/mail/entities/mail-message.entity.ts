import { Column, Entity, Index } from 'typeorm';
import type { StoredFolder } from '@veritas/common';
import { BaseEntity } from '../../platform/database';
import type { Address } from '../mail.types';

const addressList = {
  to: (v: Address[] | undefined) => JSON.stringify(v ?? []),
  from: (v: unknown): Address[] => (typeof v === 'string' && v ? (JSON.parse(v) as Address[]) : []),
};

/**
 * One message in one mailbox. A message delivered to three colleagues is three rows (each with its
 * own flags and folder); their files are hard links to the same bytes, so each copy can be
 * deleted on its own without copying anything.
 */
@Entity('mail_messages')
@Index('ix_mail_owner_folder_date', ['ownerId', 'folder', 'date', 'id'])
@Index('ux_mail_owner_delivery', ['ownerId', 'deliveryHash'], { unique: true })
@Index('ix_mail_owner_folder_read', ['ownerId', 'folder', 'read'])
@Index('ix_mail_owner_starred_date', ['ownerId', 'starred', 'date', 'id'])
@Index('ix_mail_owner_size', ['ownerId', 'size'])
export class MailMessage extends BaseEntity {
  @Column({ type: 'varchar', length: 36 })
  ownerId!: string;

  @Column({ type: 'varchar', length: 10 })
  folder!: StoredFolder;

  /** The folder a message in Lixeira came from. */
  @Column({ type: 'varchar', length: 10, nullable: true })
  trashedFrom!: StoredFolder | null;

  /** RFC 5322 Message-ID, for replies and threading. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  messageId!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  inReplyTo!: string | null;

  /**
   * Only on messages received over SMTP: sha256 of the Message-ID (of the raw message when it has
   * none), unique per mailbox, so a delivery repeated (to this or another replica) is stored once.
   */
  @Column({ type: 'varchar', length: 64, nullable: true })
  deliveryHash!: string | null;

  @Column({ type: 'varchar', length: 254 })
  fromAddress!: string;

  @Column({ type: 'varchar', length: 200 })
  fromName!: string;

  @Column({ type: 'text', transformer: addressList })
  toList!: Address[];

  @Column({ type: 'text', transformer: addressList })
  ccList!: Address[];

  /** Only on the sender's own copies (Enviados, Rascunhos): a recipient never learns the Bcc. */
  @Column({ type: 'text', transformer: addressList })
  bccList!: Address[];

  @Column({ type: 'varchar', length: 998 })
  subject!: string;

  @Column({ type: 'datetime', precision: 3 })
  date!: Date;

  @Column({ type: 'boolean' })
  read!: boolean;

  @Column({ type: 'boolean' })
  starred!: boolean;

  @Column({ type: 'boolean' })
  important!: boolean;

  @Column({ type: 'boolean' })
  hasAttachments!: boolean;

  /** False when the message had only a text body: the screen shows it as text. */
  @Column({ type: 'boolean' })
  isHtml!: boolean;

  /** Bytes counted against the owner's quota: body file plus attachments. */
  @Column({ type: 'bigint', transformer: { to: (v: number) => v, from: (v: unknown) => Number(v) } })
  size!: number;

  /**
   * The body file ({ html, text } as JSON) under DATA_DIR/mail/files, or '' when the body is in the
   * row itself (`body`): every body up to INLINE_BODY_MAX bytes since issue 14.
   */
  @Index('ix_mail_body_file')
  @Column({ type: 'varchar', length: 80 })
  bodyFile!: string;

  /**
   * The body ({ html, text } as JSON) when it is small enough to live in the row (bodyFile ''):
   * written in the message's own transaction, no file to write, sync, link or sweep. Never read
   * by a list (select: false); MailboxService.readBody asks for it.
   */
  @Column({ type: 'text', nullable: true, select: false })
  body!: string | null;

  /** The start of the text body, from which the list preview is cut. */
  @Column({ type: 'varchar', length: 600 })
  preview!: string;

  /**
   * Subject, sender, recipients and the start of the text body, folded (lower case, no accents),
   * so that one LIKE searches them all the same way on SQLite and MySQL.
   */
  @Column({ type: 'text' })
  searchText!: string;
}
