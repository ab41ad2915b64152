import { createHash } from 'node:crypto';
import { decodeWords } from 'libmime';
import { AddressObject, ParsedMail, simpleParser } from 'mailparser';
import addressparser from 'nodemailer/lib/addressparser';
import { sanitizeEmailHtml } from './mail-html';
import { safeFilename } from './mail-files';
import type { Address } from './mail.types';
import type { NewMessage } from './mailbox.service';

/** A message as received over SMTP, ready for MailboxService.store. */
export interface InboundMessage {
  message: NewMessage & { deliveryHash: string };
  /** The first address @MAIL_DOMAIN among From:/Sender: (a forged local sender), or null. */
  forgedLocal: string | null;
}

/** Parses a received message (mailparser): its row fields, sanitised HTML, attachments, and whether it claims a local sender. */
export async function parseInbound(raw: Buffer, envelopeFrom: string, isLocal: (address: string) => boolean): Promise<InboundMessage> {
  const parsed = await simpleParser(raw, { keepCidLinks: true, skipTextToHtml: true, skipTextLinks: true });
  const claimed = [...addresses(parsed.from), ...addresses(parsed.headers.get('sender') as AddressObject | undefined)].find((a) => isLocal(a.address));
  return {
    message: { ...toNewMessage(parsed, envelopeFrom), deliveryHash: deliveryHash(parsed.messageId, raw) },
    forgedLocal: claimed?.address ?? null,
  };
}

/**
 * The addresses in the From: and Sender: headers, read from the header block alone (unfolded,
 * encoded words decoded): what the listener checks before it answers 250 to a message it spools.
 */
export function headerSenders(raw: Buffer): string[] {
  const end = headerEnd(raw);
  const block = raw.subarray(0, end).toString('utf8').replace(/\r?\n[ \t]+/g, ' ');
  const out: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    const m = /^(from|sender)[ \t]*:(.*)$/i.exec(line);
    if (!m) continue;
    let value = m[2];
    try {
      value = decodeWords(value);
    } catch {
      // Undecodable words: the raw text is checked as it is.
    }
    for (const a of addressparser(value, { flatten: true })) if (a.address) out.push(a.address.trim().toLowerCase());
  }
  return out;
}

/** Where the header block ends (the first empty line), or the whole message when it has no body. */
function headerEnd(raw: Buffer): number {
  const crlf = raw.indexOf('\r\n\r\n');
  const lf = raw.indexOf('\n\n');
  const ends = [crlf, lf].filter((i) => i >= 0);
  return ends.length ? Math.min(...ends) : raw.length;
}

export function addresses(field: AddressObject | AddressObject[] | undefined): Address[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list
    .flatMap((o) => o.value)
    .flatMap((v) => (v.group ? v.group : [v]))
    .filter((v) => v.address)
    .map((v) => ({ name: (v.name ?? '').slice(0, 200), address: (v.address as string).toLowerCase().slice(0, 254) }));
}

/**
 * What makes two deliveries the same message: its Message-ID, or (a message without one) its raw
 * bytes. Stored per mailbox with a unique index (see MailMessage.deliveryHash).
 */
export function deliveryHash(messageId: string | undefined | null, raw: Buffer): string {
  const h = createHash('sha256');
  const id = messageId?.trim();
  if (id) h.update('message-id\0').update(id);
  else h.update('raw\0').update(raw);
  return h.digest('hex');
}

const HOUR = 3_600_000;

export function toNewMessage(parsed: ParsedMail, envelopeFrom: string): NewMessage {
  const from = addresses(parsed.from)[0] ?? { name: '', address: envelopeFrom.toLowerCase() };
  const now = Date.now();
  // A sender's clock far in the future would pin the message to the top of the list.
  const date = parsed.date && !Number.isNaN(parsed.date.getTime()) && parsed.date.getTime() < now + HOUR ? parsed.date : new Date(now);
  const html = typeof parsed.html === 'string' && parsed.html.trim() ? sanitizeEmailHtml(parsed.html) : null;
  return {
    messageId: parsed.messageId?.slice(0, 255) ?? null,
    inReplyTo: parsed.inReplyTo?.slice(0, 255) ?? null,
    from,
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    bcc: [],
    subject: (parsed.subject ?? '').slice(0, 998),
    date,
    html,
    text: parsed.text ?? '',
    attachments: parsed.attachments.map((a) => ({
      filename: safeFilename(a.filename, a.contentType),
      contentType: (a.contentType || 'application/octet-stream').slice(0, 255),
      contentId: a.contentId ? a.contentId.replace(/^<|>$/g, '').slice(0, 255) : null,
      source: { buffer: a.content },
    })),
  };
}
