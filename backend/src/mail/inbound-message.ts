import { createHash } from 'node:crypto';
import { domainToASCII } from 'node:url';
import PostalMime from 'postal-mime';
import { sanitizeEmailHtml, textFromHtml } from './mail-html';
import { safeFilename } from './attachment-name';
import type { Address } from './mail.types';
import type { NewMessage } from './mailbox.service';

/** A message as received over SMTP, ready for MailboxService.store. */
export interface InboundMessage {
  message: NewMessage & { deliveryHash: string };
  /** The first address @MAIL_DOMAIN among From:/Sender: (a forged local sender), or null. */
  forgedLocal: string | null;
}

/**
 * Parses a received message (postal-mime): its row fields, sanitised HTML, attachments (embedded
 * messages and reports included), and whether it claims a local sender.
 */
export async function parseInbound(raw: Buffer, envelopeFrom: string, mailDomain: string): Promise<InboundMessage> {
  const email = await PostalMime.parse(raw, { attachmentEncoding: 'arraybuffer' });
  const claimed = [...addressList(email.from), ...addressList(email.sender)].find((a) => isLocalAddress(a.address, mailDomain));
  const from = addressList(email.from)[0] ?? { name: '', address: envelopeFrom.toLowerCase() };
  const now = Date.now();
  // A sender's clock far in the future would pin the message to the top of the list.
  const parsedDate = email.date ? new Date(email.date) : null;
  const date = parsedDate && !Number.isNaN(parsedDate.getTime()) && parsedDate.getTime() < now + HOUR ? parsedDate : new Date(now);
  const html = typeof email.html === 'string' && email.html.trim() ? sanitizeEmailHtml(email.html) : null;
  const messageId = email.messageId?.trim() || null;
  return {
    message: {
      messageId: messageId?.slice(0, 255) ?? null,
      inReplyTo: email.inReplyTo?.trim().slice(0, 255) || null,
      from,
      to: addressList(email.to),
      cc: addressList(email.cc),
      bcc: [],
      subject: (email.subject ?? '').slice(0, 998),
      date,
      html,
      // A text part as written, without the line break that ends the part; an HTML-only message's text from its HTML.
      text: email.text !== undefined ? email.text.replace(/\r?\n$/, '') : html ? textFromHtml(html) : '',
      attachments: email.attachments.map((a) => ({
        filename: safeFilename(a.filename ?? undefined, a.mimeType),
        contentType: (a.mimeType || 'application/octet-stream').slice(0, 255),
        contentId: a.contentId ? a.contentId.replace(/^<|>$/g, '').slice(0, 255) : null,
        source: { buffer: Buffer.from(a.content as ArrayBuffer) },
      })),
      deliveryHash: deliveryHash(messageId, raw, from.address, now),
    },
    forgedLocal: claimed?.address ?? null,
  };
}

/**
 * A domain as DNS compares it (issue 55): lower case, without the root's trailing dot, an IDN in its
 * ASCII (punycode) form — so "VERITAS.test.", "veritas.test" and an IDN's two spellings are one domain.
 */
export function canonicalDomain(domain: string): string {
  const plain = domain.trim().toLowerCase().replace(/\.+$/, '');
  return domainToASCII(plain) || plain;
}

/** An address @MAIL_DOMAIN in any of its spellings: one of the firm's mailboxes (or the system sender). */
export function isLocalAddress(address: string, mailDomain: string): boolean {
  const at = address.trim().lastIndexOf('@');
  return at >= 0 && canonicalDomain(address.trim().slice(at + 1)) === canonicalDomain(mailDomain);
}

/**
 * The addresses in the From: and Sender: headers, read from the header block alone (unfolded,
 * encoded words decoded, addresses parsed by postal-mime's own helpers, as parseInbound reads them
 * afterwards): what the listener checks before it answers 250 to a message it spools.
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
      value = PostalMime.decodeWords(value);
    } catch {
      // Undecodable words: the raw text is checked as it is.
    }
    for (const a of PostalMime.addressParser(value, { flatten: true }) as PostalMime.Mailbox[]) if (a.address) out.push(a.address.trim().toLowerCase());
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

/**
 * How long a sender's retry of a message is recognised as the same delivery: a day (issue 55), the
 * span in which an MTA that lost our 250 retries. Windows are whole UTC days: a retry that crosses
 * midnight is stored once more (a duplicate, never a loss).
 */
export const DEDUPE_WINDOW_MS = 24 * 3_600_000;

/**
 * What makes two deliveries the same message: the same sender (the From: address, else the
 * envelope's) and its Message-ID within the same window, or (a message without one) its raw bytes.
 * Stored per mailbox with a unique index (see MailMessage.deliveryHash). Another sender's message
 * with the same Message-ID, or the same one days later, is a message of its own: a Message-ID is the
 * sender's word, and an earlier forged copy must not silently drop the real one.
 */
export function deliveryHash(messageId: string | undefined | null, raw: Buffer, sender = '', at = Date.now()): string {
  const h = createHash('sha256');
  const id = messageId?.trim();
  if (id) h.update('message-id\0').update(sender.trim().toLowerCase()).update('\0').update(id).update('\0').update(String(Math.floor(at / DEDUPE_WINDOW_MS)));
  else h.update('raw\0').update(raw);
  return h.digest('hex');
}

const HOUR = 3_600_000;

/** Mailboxes of an address header (groups flattened), lower-cased and cut to the columns' sizes. */
function addressList(a: PostalMime.Address | PostalMime.Address[] | undefined): Address[] {
  return (Array.isArray(a) ? a : a ? [a] : [])
    .flatMap((v) => (v.group ? v.group : [v]))
    .filter((v) => v.address)
    .map((v) => ({ name: (v.name ?? '').slice(0, 200), address: (v.address as string).toLowerCase().slice(0, 254) }));
}
