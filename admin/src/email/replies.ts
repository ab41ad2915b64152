/*
 * What compose opens with: a new message, a draft reopened, or a reply, reply to all or forward
 * of a message (issue 4: each does what its name says, beyond the spec where all three replied).
 */
import { formatDateTimeBR, isValidEmail, type EmailAddress, type EmailAttachmentInfo, type EmailDetail } from '@veritas/common';
import type { ComposeFields } from '../providers/emailMethods';
import { quotableHtml } from './safeHtml';

export type ComposeMode = 'new' | 'draft' | 'reply' | 'replyAll' | 'forward';

export interface ComposeInit extends ComposeFields {
  mode: ComposeMode;
  /** The draft being edited (it becomes the sent message). */
  draftId?: string;
  /** The editor's starting HTML. */
  body: string;
  /** Stored attachments that go along (a draft's, or the forwarded message's). */
  attachments: EmailAttachmentInfo[];
  /** The message answered or forwarded (_id), for In-Reply-To. */
  inReplyTo?: string;
}

export const NEW_MESSAGE: ComposeInit = { mode: 'new', to: '', cc: '', bcc: '', subject: '', body: '', attachments: [] };

export const REPLY_PREFIX = 'Re: ';
export const FORWARD_PREFIX = 'Enc: ';

const inert = document.implementation.createHTMLDocument('');

/** Text as HTML text content (the browser escapes it). */
function escapeHtml(s: string): string {
  const holder = inert.createElement('span');
  holder.textContent = s;
  return holder.innerHTML;
}

/** A text-only message as paragraphs the editor keeps (a pre-wrap <div> it would flatten). */
function textAsHtml(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => (line.trim() ? `<p>${escapeHtml(line)}</p>` : '<p></p>'))
    .join('');
}

/** The original's body, ready to quote in the editor. */
function originalBody(m: EmailDetail): string {
  return m.isHtml ? quotableHtml(m.body) : textAsHtml(m.text);
}

/** 'Ana <ana@x.com>', or the bare address when there is no name. */
export function formatAddress(a: EmailAddress): string {
  return a.name && a.name !== a.address ? `${a.name} <${a.address}>` : a.address;
}

function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** Addresses for an address field: bare, comma-separated, each once, without the excluded ones. */
function addressField(addresses: string[], exclude: string[] = []): string {
  const out: string[] = [];
  for (const a of addresses) {
    if (!a || exclude.some((x) => sameAddress(x, a)) || out.some((x) => sameAddress(x, a))) continue;
    out.push(a);
  }
  return out.join(', ');
}

/** The subject with the prefix, unless it already starts with it ('Re: Re: ' helps nobody). */
export function prefixed(prefix: string, subject: string): string {
  const s = subject.trim();
  return s.toLowerCase().startsWith(prefix.trim().toLowerCase()) ? s : `${prefix}${s}`;
}

/** The items of an address field ('a@x.com, Ana <b@y.com>; c@z.com'), as typed. */
export function splitAddresses(text: string): string[] {
  return text
    .split(/[,;]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The first item of an address field that is not an e-mail address, or null. */
export function invalidAddress(text: string): string | null {
  for (const item of splitAddresses(text)) {
    const bracketed = /<([^<>]+)>\s*$/.exec(item);
    if (!isValidEmail(bracketed ? bracketed[1].trim() : item)) return item;
  }
  return null;
}

function attribution(m: EmailDetail): string {
  const sender = escapeHtml(formatAddress({ name: m.fromName, address: m.from }));
  return `Em ${escapeHtml(formatDateTimeBR(m.date))}, ${sender} escreveu:`;
}

/** Reply and reply to all quote the original under its date and sender. */
function quoted(m: EmailDetail): string {
  return `<p></p><p>${attribution(m)}</p><blockquote>${originalBody(m)}</blockquote>`;
}

function forwarded(m: EmailDetail): string {
  const line = (label: string, value: string) => `${label}: ${escapeHtml(value)}`;
  const lines = [
    line('De', formatAddress({ name: m.fromName, address: m.from })),
    line('Data', formatDateTimeBR(m.date)),
    line('Assunto', m.subject),
    line('Para', m.to.map(formatAddress).join(', ')),
  ];
  if (m.cc.length) lines.push(line('Cc', m.cc.map(formatAddress).join(', ')));
  return `<p></p><p>---------- Mensagem encaminhada ----------<br>${lines.join('<br>')}</p>${originalBody(m)}`;
}

/**
 * Compose for an answer to `m`, as `me`. Reply: to the sender (to the recipients, for a message
 * of one's own). Reply to all: the sender and every recipient but oneself, Cc kept as Cc.
 * Forward: nobody yet, the original attachments along.
 */
export function composeFor(mode: 'reply' | 'replyAll' | 'forward', m: EmailDetail, me: string): ComposeInit {
  if (mode === 'forward') {
    return {
      ...NEW_MESSAGE,
      mode,
      subject: prefixed(FORWARD_PREFIX, m.subject),
      body: forwarded(m),
      attachments: m.attachments,
      inReplyTo: m._id,
    };
  }
  const mine = m.folder === 'sent' || m.folder === 'drafts' || sameAddress(m.from, me);
  const recipients = m.to.map((a) => a.address);
  const ccs = m.cc.map((a) => a.address);
  let to: string;
  let cc = '';
  if (mode === 'reply') {
    to = mine ? addressField(recipients) : addressField([m.from]);
  } else {
    const toList = mine ? recipients : [m.from, ...recipients];
    // One's own address stays when it is all there is (a note to oneself).
    to = addressField(toList, [me]) || addressField(toList);
    cc = addressField(ccs, [me, ...splitAddresses(to)]);
  }
  return { ...NEW_MESSAGE, mode, to, cc, subject: prefixed(REPLY_PREFIX, m.subject), body: quoted(m), inReplyTo: m._id };
}

/** A draft reopened from Rascunhos, to edit and send. */
export function composeFromDraft(m: EmailDetail): ComposeInit {
  return {
    mode: 'draft',
    draftId: m._id,
    to: addressField(m.to.map((a) => a.address)),
    cc: addressField(m.cc.map((a) => a.address)),
    bcc: addressField(m.bcc.map((a) => a.address)),
    subject: m.subject,
    body: originalBody(m),
    attachments: m.attachments,
  };
}
