import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, Repository } from 'typeorm';
import type { StoredFolder } from '@veritas/common';
import { MailAttachment } from './entities/mail-attachment.entity';
import { MailMessage } from './entities/mail-message.entity';
import { MailFiles } from '../platform/storage';
import type { Address } from './mail.types';
import { insertRows, isUniqueViolation, withTransaction } from '../platform/database';
import { MailContent, WrittenContent } from './mail-content';
import { MailFiling } from './mail-filing';

/** Where an attachment's bytes come from when a message is stored. */
export type AttachmentSource =
  | { buffer: Buffer }
  /** A file already in DATA_DIR/mail/tmp (an upload): moved into place. */
  | { tmpFile: string }
  /** A file already stored (a draft's, or a message being forwarded): linked, not copied. */
  | { storedName: string };

export interface NewAttachment {
  filename: string;
  contentType: string;
  contentId?: string | null;
  source: AttachmentSource;
}

export interface NewMessage {
  messageId: string | null;
  /**
   * Set for a message received over SMTP (see MailMessage.deliveryHash): a mailbox that already
   * holds it is skipped, so a repeated delivery is stored once.
   */
  deliveryHash?: string | null;
  inReplyTo: string | null;
  from: Address;
  to: Address[];
  cc: Address[];
  bcc: Address[];
  subject: string;
  date: Date;
  /** Already sanitised; null for a text-only message. */
  html: string | null;
  text: string;
  attachments: NewAttachment[];
}

/** Into whose mailbox, and how. */
export interface Placement {
  ownerId: string;
  folder: StoredFolder;
  read: boolean;
  /** Only the sender's own copies keep the Bcc list. */
  keepBcc: boolean;
}

export interface StoredBody {
  html: string | null;
  text: string;
}

/** Message files storeMany writes at the same time. */
const STORE_MANY_WRITERS = 16;

/**
 * Stores messages into mailboxes, all or nothing: the files first (written whole, then renamed
 * into place), then every row in one transaction; if anything fails, the files made so far are
 * removed and the caller learns of it (the SMTP listener then answers 451 and the sender retries).
 */
@Injectable()
export class MailboxService {
  private readonly logger = new Logger(MailboxService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(MailMessage) private readonly messages: Repository<MailMessage>,
    @InjectRepository(MailAttachment) private readonly attachments: Repository<MailAttachment>,
    private readonly files: MailFiles,
    private readonly content: MailContent,
    private readonly filing: MailFiling,
  ) {}

  async store(message: NewMessage, placements: Placement[]): Promise<MailMessage[]> {
    return (await this.storeAll([{ message, placements }]))[0];
  }

  /**
   * Several messages, each into its mailboxes, stored as store() stores one, with every row in one
   * transaction (the SMTP spool's batches): the files first; a mailbox that already holds a
   * delivery (deliveryHash), or receives it twice in the batch, gets it once. `alsoInTransaction`
   * runs in that transaction after the rows (the spool deletes its own rows there). One array of
   * stored rows per item, in order.
   */
  async storeAll(
    items: readonly { message: NewMessage; placements: Placement[] }[],
    alsoInTransaction?: (em: EntityManager) => Promise<void>,
  ): Promise<MailMessage[][]> {
    const pending = await this.notYetDelivered(items);
    if (!alsoInTransaction && pending.every((p) => !p.length)) return items.map(() => []);
    const created: string[] = [];
    const unused: string[] = [];
    try {
      const plans: { message: NewMessage; content: WrittenContent; copies: { placement: Placement; names: string[] }[] }[] = [];
      for (const [i, { message }] of items.entries()) {
        const placements = pending[i];
        if (!placements.length) {
          plans.push({ message, content: { names: [], sizes: [], inlineBody: null, attachments: [] }, copies: [] });
          continue;
        }
        const content = await this.content.write(message, created);
        // The first mailbox takes the files; every other one gets links to the same bytes.
        const copies = [{ placement: placements[0], names: content.names }];
        for (const placement of placements.slice(1)) {
          const names: string[] = [];
          for (const name of content.names) {
            if (!name) {
              names.push(name); // the body, in the row: each copy's row holds it
              continue;
            }
            names.push(await this.files.link(name));
            created.push(names[names.length - 1]);
          }
          copies.push({ placement, names });
        }
        plans.push({ message, content, copies });
      }
      const rows = await withTransaction(this.db, async (em) => {
        const out: MailMessage[][] = [];
        // Filed under client and registro in the same transaction (issue 56): all or nothing with the rows.
        const links = await this.filing.links(em, plans.map((p) => (p.copies.length ? p.message : null)).filter((m): m is NewMessage => !!m));
        let next = 0;
        for (const { message, content, copies } of plans) {
          const filed = copies.length ? links[next++] : [];
          const stored: MailMessage[] = [];
          for (const { placement, names } of copies) {
            const row = this.content.row(em, message, content, names, placement);
            try {
              await insertRows(em, MailMessage, [row]);
            } catch (err) {
              // Another replica stored the same delivery between the check and now: theirs stands.
              if (!message.deliveryHash || !isUniqueViolation(err)) throw err;
              unused.push(...names);
              continue;
            }
            await this.insertAttachments(em, content, row, names);
            stored.push(row);
          }
          await this.filing.write(em, stored, filed);
          out.push(stored);
        }
        await alsoInTransaction?.(em);
        return out;
      });
      await this.removeQuietly(unused);
      return rows;
    } catch (err) {
      await this.removeQuietly(created);
      throw err;
    }
  }

  /**
   * The bulk path (the demo seeder, issue 14): many messages, each into one mailbox, stored as
   * store() stores them (files written whole first, the same row fields) with the rows written many
   * per INSERT in one transaction; all or nothing, files included. Not for SMTP deliveries (no
   * de-duplication here): a message with a deliveryHash is refused.
   */
  async storeMany(items: readonly { message: NewMessage; placement: Placement }[]): Promise<MailMessage[]> {
    if (items.some((it) => it.message.deliveryHash)) throw new Error('storeMany não recebe entregas SMTP (deliveryHash).');
    const created: string[] = [];
    try {
      // Files written a few at a time (each is synced to disk: their waits overlap); all settle before
      // a failure is thrown, so the clean-up below sees every file made.
      const contents: WrittenContent[] = [];
      for (let i = 0; i < items.length; i += STORE_MANY_WRITERS) {
        const settled = await Promise.allSettled(items.slice(i, i + STORE_MANY_WRITERS).map((it) => this.content.write(it.message, created)));
        for (const r of settled) {
          if (r.status === 'rejected') throw r.reason;
          contents.push(r.value);
        }
      }
      return await withTransaction(this.db, async (em) => {
        const rows = items.map(({ message, placement }, i) => this.content.row(em, message, contents[i], contents[i].names, placement));
        await insertRows(em, MailMessage, rows);
        await insertRows(em, MailAttachment, rows.flatMap((row, i) => this.content.attachmentRows(em, contents[i], row, contents[i].names)));
        return rows;
      });
    } catch (err) {
      await this.removeQuietly(created);
      throw err;
    }
  }

  /**
   * Per item, the placements whose mailbox does not hold its delivery yet (nor gets it from an
   * earlier item of the same batch). One query for the batch.
   */
  private async notYetDelivered(items: readonly { message: NewMessage; placements: Placement[] }[]): Promise<Placement[][]> {
    const asked = items.filter((it) => it.message.deliveryHash && it.placements.length);
    const held = new Set<string>();
    if (asked.length) {
      // Plain SQL on this hot path (every SMTP delivery): the query builder costs more than the lookup.
      const where = asked.map((it) => `(deliveryHash = ? AND ownerId IN (${it.placements.map(() => '?').join(', ')}))`).join(' OR ');
      const rows: { ownerId: string; deliveryHash: string }[] = await this.db.query(
        `SELECT ownerId, deliveryHash FROM mail_messages WHERE ${where}`,
        asked.flatMap((it) => [it.message.deliveryHash, ...it.placements.map((p) => p.ownerId)]),
      );
      for (const r of rows) held.add(`${r.ownerId}\0${r.deliveryHash}`);
    }
    return items.map(({ message, placements }) => {
      if (!message.deliveryHash) return placements;
      return placements.filter((p) => {
        const key = `${p.ownerId}\0${message.deliveryHash}`;
        return !held.has(key) && !!held.add(key);
      });
    });
  }

  /** Rewrites a message's content in place (a draft being edited), keeping its id and flags. */
  async replaceContent(row: MailMessage, message: NewMessage): Promise<MailMessage> {
    const old = await this.attachments.find({ where: { mailId: row.id }, select: { id: true, storedName: true } });
    const oldFiles = fileNames([row.bodyFile, ...old.map((a) => a.storedName)]);
    const created: string[] = [];
    try {
      const content = await this.content.write(message, created);
      await withTransaction(this.db, async (em) => {
        await em.delete(MailAttachment, { mailId: row.id });
        Object.assign(row, this.content.fields(message, content, content.names, true));
        await em.save(MailMessage, row);
        await this.insertAttachments(em, content, row, content.names);
      });
    } catch (err) {
      await this.removeQuietly(created);
      throw err;
    }
    await this.removeQuietly(oldFiles);
    return row;
  }

  /** Deletes messages for good: the rows, then their files. */
  async purge(rows: MailMessage[]): Promise<void> {
    if (!rows.length) return;
    const ids = rows.map((r) => r.id);
    const atts = await this.attachments.find({ where: { mailId: In(ids) }, select: { id: true, storedName: true } });
    await withTransaction(this.db, async (em) => {
      await em.delete(MailAttachment, { mailId: In(ids) });
      await em.delete(MailMessage, { id: In(ids) });
    });
    await this.files.remove(fileNames([...rows.map((r) => r.bodyFile), ...atts.map((a) => a.storedName)]));
  }

  /**
   * Deletes a person together with their mailbox: `deleteOwner` removes the user's row (the
   * database cascades to their messages and attachments), then the files those rows pointed at go.
   */
  async deleteWithOwner<T>(ownerId: string, deleteOwner: () => Promise<T>): Promise<T> {
    const bodies = await this.messages.find({ where: { ownerId }, select: { id: true, bodyFile: true } });
    const atts = await this.attachments.find({ where: { ownerId }, select: { id: true, storedName: true } });
    const result = await deleteOwner();
    await this.removeQuietly(fileNames([...bodies.map((r) => r.bodyFile), ...atts.map((a) => a.storedName)]));
    return result;
  }

  async readBody(row: Pick<MailMessage, 'id' | 'bodyFile'>): Promise<StoredBody> {
    try {
      if (!row.bodyFile) {
        const [stored]: { body: string | null }[] = await this.db.query('SELECT body FROM mail_messages WHERE id = ?', [row.id]);
        if (typeof stored?.body !== 'string') throw new Error('corpo ausente na linha');
        return JSON.parse(stored.body) as StoredBody;
      }
      return JSON.parse((await this.files.read(row.bodyFile)).toString('utf8')) as StoredBody;
    } catch (err) {
      this.logger.error(`Corpo do e-mail ${row.id} ilegível: ${(err as Error).message}`);
      return { html: null, text: '' };
    }
  }

  /** Bytes used by each mailbox (body files and attachments). */
  async usage(ownerIds: string[]): Promise<Map<string, number>> {
    const out = new Map(ownerIds.map((id) => [id, 0]));
    if (!ownerIds.length) return out;
    const rows = await this.messages
      .createQueryBuilder('m')
      .select('m.ownerId', 'ownerId')
      .addSelect('SUM(m.size)', 'used')
      .where('m.ownerId IN (:...ids)', { ids: ownerIds })
      .groupBy('m.ownerId')
      .getRawMany<{ ownerId: string; used: string | number | null }>();
    for (const r of rows) out.set(r.ownerId, Number(r.used ?? 0));
    return out;
  }

  private async insertAttachments(em: EntityManager, content: WrittenContent, row: MailMessage, names: string[]): Promise<void> {
    await insertRows(em, MailAttachment, this.content.attachmentRows(em, content, row, names));
  }

  private async removeQuietly(names: string[]): Promise<void> {
    await this.files.remove(names).catch((e) => this.logger.error(`Arquivos de e-mail não removidos: ${(e as Error).message}`));
  }
}

/** The names that are files (a body in its row has none). */
function fileNames(names: string[]): string[] {
  return names.filter((n) => n);
}

