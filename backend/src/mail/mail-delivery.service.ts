import { BadRequestException, Inject, Injectable, UnprocessableEntityException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import addressparser from 'nodemailer/lib/addressparser';
import { In, Repository } from 'typeorm';
import { isValidEmail, SYSTEM_SENDER_LOCAL_PART } from '@veritas/common';
import { APP_CONFIG, AppConfig } from '../platform/config';
import { User } from '../users';
import { isLocalAddress } from './inbound-message';
import { MailFiles } from '../platform/storage';
import { sanitizeEmailHtml, textFromHtml } from './mail-html';
import { MailRelay } from './mail-relay';
import type { Address, OutgoingMail } from './mail.types';
import { MailboxService, NewAttachment, NewMessage } from './mailbox.service';
import type { MailMessage } from './entities/mail-message.entity';

export const MAX_RECIPIENTS = 100;

export interface MailDraft {
  from: Address;
  to: Address[];
  cc: Address[];
  bcc: Address[];
  subject: string;
  /** As written; sanitised here. */
  html: string;
  text?: string;
  attachments: NewAttachment[];
  messageId?: string;
  inReplyTo?: string | null;
  /** Extra header fields for the relay (List-Unsubscribe…); mailboxes store the message without them. */
  headers?: Record<string, string>;
  /** Bytes the message will take in each mailbox, for the quota check (0: not checked). */
  size?: number;
}

/** A message ready to go: sanitised, its recipients split into our mailboxes and the relay's. */
export interface PreparedMail extends NewMessage {
  messageId: string;
  headers?: Record<string, string>;
  html: string;
  local: { userId: string; address: string }[];
  external: string[];
}

/**
 * Delivery in two halves, so callers can order and retry them: outside recipients through the
 * relay, existing staff addresses @MAIL_DOMAIN straight into their inboxes.
 */
@Injectable()
export class MailDelivery {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly mailbox: MailboxService,
    private readonly relay: MailRelay,
    private readonly files: MailFiles,
  ) {}

  /** Whether mail to outside addresses can leave at all (SMTP_URL, or E-mail de saída set); `fresh`: read now. */
  relayConfigured(fresh = false): Promise<boolean> {
    return this.relay.configured(fresh);
  }

  /** nao-responda@MAIL_DOMAIN, named after the brand. */
  systemSender(): Address {
    return { name: this.config.firm.brandName, address: `${SYSTEM_SENDER_LOCAL_PART}@${this.config.mailDomain}` };
  }

  /** The contract's OutgoingMail as a draft: addresses parsed, `from` defaulting to the system's. */
  fromOutgoing(msg: OutgoingMail, messageId?: string): MailDraft {
    const system = this.systemSender();
    const [from] = msg.from ? parseAddresses(msg.from, 'De') : [system];
    return {
      from: { address: from.address, name: msg.fromName ?? (from.name || (msg.from ? '' : system.name)) },
      to: parseAddresses(msg.to, 'Para'),
      cc: parseAddresses(msg.cc, 'Cc'),
      bcc: parseAddresses(msg.bcc, 'Cco'),
      subject: msg.subject,
      html: msg.html,
      text: msg.text,
      messageId,
      headers: msg.headers,
      attachments: (msg.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, source: { buffer: a.content } })),
    };
  }

  isLocalAddress(address: string): boolean {
    return isLocalAddress(address, this.config.mailDomain);
  }

  async prepare(d: MailDraft): Promise<PreparedMail> {
    const to = dedupe(d.to);
    const cc = dedupe(d.cc).filter((a) => !to.some((t) => t.address === a.address));
    const bcc = dedupe(d.bcc).filter((a) => ![...to, ...cc].some((t) => t.address === a.address));
    const all = [...to, ...cc, ...bcc];
    if (!to.length) throw new BadRequestException('Por favor, adicione um destinatário.');
    if (all.length > MAX_RECIPIENTS) throw new BadRequestException(`No máximo ${MAX_RECIPIENTS} destinatários por mensagem.`);

    const candidates = all.map((a) => a.address).filter((a) => this.isLocalAddress(a));
    const found = candidates.length
      ? await this.users.find({ where: { email: In(candidates) }, select: { id: true, email: true } })
      : [];
    const local = found.map((u) => ({ userId: u.id, address: u.email }));
    const external = all.map((a) => a.address).filter((a) => !found.some((u) => u.email === a));
    if (d.size && local.length) await this.assertRoom(local, d.size);

    const html = sanitizeEmailHtml(d.html);
    return {
      messageId: d.messageId ?? `<${randomUUID()}@${this.config.mailDomain}>`,
      inReplyTo: d.inReplyTo ?? null,
      from: d.from,
      to,
      cc,
      bcc,
      subject: d.subject.trim().slice(0, 998),
      date: new Date(),
      html,
      text: d.text?.trim() || textFromHtml(html),
      attachments: d.attachments,
      headers: d.headers,
      local,
      external,
    };
  }

  /** The outside half; nothing to do when every recipient is ours. */
  async sendExternal(p: PreparedMail): Promise<void> {
    if (!p.external.length) return;
    await this.relay.send({
      messageId: p.messageId,
      inReplyTo: p.inReplyTo,
      from: p.from,
      to: p.to,
      cc: p.cc,
      envelopeTo: p.external,
      subject: p.subject,
      html: p.html,
      text: p.text,
      headers: p.headers,
      attachments: await Promise.all(
        p.attachments.map(async (a) => ({
          filename: a.filename,
          contentType: a.contentType,
          contentId: a.contentId,
          ...('buffer' in a.source ? { content: a.source.buffer } : {}),
          ...('storedName' in a.source ? await this.files.source(a.source.storedName) : {}),
          ...('tmpFile' in a.source ? { path: a.source.tmpFile } : {}),
        })),
      ),
    });
  }

  /** The inside half: one unread copy in each recipient's inbox (without the Bcc list). */
  deliverLocal(p: PreparedMail): Promise<MailMessage[]> {
    return this.mailbox.store(
      p,
      p.local.map((r) => ({ ownerId: r.userId, folder: 'inbox' as const, read: false, keepBcc: false })),
    );
  }

  /** Refuses before anything is sent when a colleague's mailbox has no room for the message. */
  private async assertRoom(local: { userId: string; address: string }[], size: number): Promise<void> {
    const used = await this.mailbox.usage(local.map((l) => l.userId));
    const full = local.filter((l) => (used.get(l.userId) ?? 0) + size > this.config.mail.quotaBytes);
    if (full.length) {
      throw new UnprocessableEntityException(
        `A caixa de email de ${full.map((f) => f.address).join(', ')} está cheia; a mensagem não foi enviada.`,
      );
    }
  }
}

function dedupe(list: Address[]): Address[] {
  const seen = new Set<string>();
  return list.filter((a) => !seen.has(a.address) && seen.add(a.address));
}

/**
 * Addresses as people type them: "a@x.com, Fulano <b@y.com>; c@z.com", or a list of such strings.
 * Lower-cased; an invalid one is a pt-BR 400 naming it.
 */
export function parseAddresses(input: string | string[] | undefined | null, field: string): Address[] {
  const items = (Array.isArray(input) ? input : input ? [input] : []).flatMap((s) => String(s).split(';'));
  const out: Address[] = [];
  const invalid: string[] = [];
  for (const item of items) {
    if (!item.trim()) continue;
    for (const parsed of addressparser(item, { flatten: true })) {
      const address = (parsed.address ?? '').trim().toLowerCase();
      if (!isValidEmail(address)) invalid.push((parsed.address || parsed.name || item).trim());
      else out.push({ name: (parsed.name ?? '').trim().slice(0, 200), address });
    }
  }
  if (invalid.length) throw new BadRequestException(`Endereço de email inválido em ${field}: ${invalid.join(', ')}.`);
  return out;
}
