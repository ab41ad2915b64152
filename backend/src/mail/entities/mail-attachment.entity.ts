import { Column, Entity, Index } from 'typeorm';
import { BaseEntity } from '../../platform/database';

@Entity('mail_attachments')
export class MailAttachment extends BaseEntity {
  @Index('ix_mail_att_message')
  @Column({ type: 'varchar', length: 36 })
  mailId!: string;

  /** Repeated from the message so a download checks ownership with one lookup. */
  @Index('ix_mail_att_owner')
  @Column({ type: 'varchar', length: 36 })
  ownerId!: string;

  @Column({ type: 'varchar', length: 255 })
  filename!: string;

  @Column({ type: 'varchar', length: 255 })
  contentType!: string;

  @Column({ type: 'bigint', transformer: { to: (v: number) => v, from: (v: unknown) => Number(v) } })
  size!: number;

  /** The generated file name under DATA_DIR/mail/files (never the sender's name). */
  @Index('ix_mail_att_stored')
  @Column({ type: 'varchar', length: 80 })
  storedName!: string;

  /** Content-ID of an inline part (an image the HTML shows as cid:...). */
  @Column({ type: 'varchar', length: 255, nullable: true })
  contentId!: string | null;

  @Column({ type: 'int' })
  position!: number;
}
