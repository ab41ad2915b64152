import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { normalizeSearch } from '@veritas/common';
import { newId } from '../platform/database';
import { MailFiles } from '../platform/storage';
import { MailAttachment } from './entities/mail-attachment.entity';
import { MailMessage } from './entities/mail-message.entity';
import { textFromHtml } from './mail-html';
import type { AttachmentSource, NewAttachment, NewMessage, Placement, StoredBody } from './mailbox.service';

/** A message's content written once for every mailbox that gets it. */
export interface WrittenContent {
  /** The body file ('' when the body is in the row), then one per attachment, in order. */
  names: string[];
  /** The body's JSON when it lives in the row, else null (a file). */
  inlineBody: string | null;
  sizes: number[];
  attachments: NewAttachment[];
}

const SEARCH_MAX = 16_000;
/**
 * Bodies ({ html, text } as JSON) up to this many bytes live in their message's row (`body`), under
 * MySQL's TEXT limit (65,535 bytes); larger ones in a file, as every body did before.
 */
export const INLINE_BODY_MAX = 60_000;
const PREVIEW_MAX = 600;

/**
 * A message's content as MailboxService stores it: its body and attachments written to files once (a
 * body up to INLINE_BODY_MAX stays in the row), and the rows that point at them in each mailbox, with
 * what the list and the search show worked out once (preview, searchText).
 */
@Injectable()
export class MailContent {
  constructor(private readonly files: MailFiles) {}

  /** Writes the body and the attachments once; names[0] is the body, then one per attachment. Each file made is pushed on `created` (the caller's clean-up list). */
  async write(message: NewMessage, created: string[]): Promise<WrittenContent> {
    const json = JSON.stringify({ html: message.html, text: message.text } satisfies StoredBody);
    const bytes = Buffer.byteLength(json);
    let inlineBody: string | null = json;
    const names = [''];
    if (bytes > INLINE_BODY_MAX) {
      const body = await this.files.write(json);
      created.push(body.name);
      names[0] = body.name;
      inlineBody = null;
    }
    const sizes = [bytes];
    for (const att of message.attachments) {
      const placed = await this.place(att.source);
      created.push(placed.name);
      names.push(placed.name);
      sizes.push(placed.size);
    }
    return { names, sizes, inlineBody, attachments: message.attachments };
  }

  /** A message's row in one mailbox, its files named by `names`. */
  row(em: EntityManager, message: NewMessage, content: WrittenContent, names: string[], placement: Placement): MailMessage {
    return em.create(MailMessage, {
      id: newId(),
      ownerId: placement.ownerId,
      folder: placement.folder,
      trashedFrom: null,
      read: placement.read,
      starred: false,
      important: false,
      ...this.fields(message, content, names, placement.keepBcc),
    });
  }

  /** The row fields a message's content sets (a new row's, or a draft's rewritten in place). */
  fields(message: NewMessage, content: WrittenContent, names: string[], keepBcc: boolean) {
    return {
      messageId: message.messageId,
      deliveryHash: message.deliveryHash ?? null,
      inReplyTo: message.inReplyTo,
      fromAddress: message.from.address,
      fromName: message.from.name,
      toList: message.to,
      ccList: message.cc,
      bccList: keepBcc ? message.bcc : [],
      subject: message.subject,
      date: message.date,
      hasAttachments: content.attachments.length > 0,
      isHtml: message.html !== null,
      size: content.sizes.reduce((a, b) => a + b, 0),
      bodyFile: names[0],
      body: content.inlineBody,
      ...describe(message),
    } satisfies Partial<MailMessage>;
  }

  /** A message's attachment rows in one mailbox (`names`: its copy's files, the body's first). */
  attachmentRows(em: EntityManager, content: WrittenContent, row: MailMessage, names: string[]): MailAttachment[] {
    return content.attachments.map((att, i) =>
      em.create(MailAttachment, {
        id: newId(),
        mailId: row.id,
        ownerId: row.ownerId,
        filename: att.filename,
        contentType: att.contentType,
        contentId: att.contentId ?? null,
        size: content.sizes[i + 1],
        storedName: names[i + 1],
        position: i,
      }),
    );
  }


  /** An attachment's file in place: written, moved in from an upload, or linked to a stored one. */
  private async place(source: AttachmentSource): Promise<{ name: string; size: number }> {
    if ('buffer' in source) return this.files.write(source.buffer);
    if ('tmpFile' in source) return this.files.adopt(source.tmpFile);
    const name = await this.files.link(source.storedName);
    return { name, size: await this.files.size(name) };
  }
}

/** What the list and the search need, worked out once when the message is stored. */
function describe(m: NewMessage): Pick<MailMessage, 'preview' | 'searchText'> {
  const text = m.text || (m.html ? textFromHtml(m.html) : '');
  const preview = text
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 3)
    .join('\n')
    .slice(0, PREVIEW_MAX);
  const people = [m.from, ...m.to, ...m.cc].map((a) => `${a.name} ${a.address}`).join(' ');
  const searchText = normalizeSearch(`${m.subject}\n${people}\n${text}`).slice(0, SEARCH_MAX);
  return { preview, searchText };
}
