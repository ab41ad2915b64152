/*
 * Compose's one form (react-admin's <Form>, react-hook-form underneath): its values, their rules
 * (the shared e-mail rule through `invalidAddress`), what is sent, and which field a refusal of the
 * server is about.
 */
import { MAIL_MESSAGES, type EmailAttachmentInfo } from '@veritas/common';
import { required, type Validator } from 'react-admin';
import type { ComposePayload } from '../../providers/emailMethods';
import { invalidAddress, splitAddresses, type ComposeInit } from '../replies';

export interface ComposeValues {
  to: string;
  cc: string;
  bcc: string;
  subject: string;
  /** The editor's HTML. */
  body: string;
  /** Stored attachments that go along (a draft's, or the forwarded message's). */
  kept: EmailAttachmentInfo[];
  /** Files added in compose. */
  files: File[];
}

export type AddressField = 'to' | 'cc' | 'bcc';

/** The address fields as the server's messages name them ('Endereço de email inválido em Cco: ...'). */
const SERVER_NAMES: Readonly<Record<AddressField, string>> = { to: 'Para', cc: 'Cc', bcc: 'Cco' };

const NO_RECIPIENT = 'resources.emails.compose.noRecipient';

export function valuesOf(init: ComposeInit): ComposeValues {
  return { to: init.to, cc: init.cc, bcc: init.bcc, subject: init.subject, body: init.body, kept: init.attachments, files: [] };
}

export function payloadOf(v: ComposeValues, inReplyTo?: string): ComposePayload {
  return {
    to: v.to ?? '',
    cc: v.cc ?? '',
    bcc: v.bcc ?? '',
    subject: v.subject ?? '',
    body: v.body ?? '',
    attachmentIds: (v.kept ?? []).map((a) => a.id),
    inReplyTo,
  };
}

/** Whether a draft would keep anything that `since` did not have. */
export function changedSince(since: ComposeValues, now: ComposeValues): boolean {
  const text = (['to', 'cc', 'bcc', 'subject', 'body'] as const).some((key) => (now[key] ?? '') !== (since[key] ?? ''));
  const kept = (now.kept ?? []).map((a) => a.id).join() !== (since.kept ?? []).map((a) => a.id).join();
  return text || kept || (now.files ?? []).length > 0;
}

/** Every item of an address field is an e-mail address ("Nome <a@b.com>" allowed). */
function addresses(field: AddressField): Validator {
  return (value: unknown) => {
    const text = typeof value === 'string' ? value : '';
    if (field === 'to' && !splitAddresses(text).length) return NO_RECIPIENT;
    const bad = invalidAddress(text);
    return bad ? { message: 'resources.emails.compose.invalidAddress', args: { field: SERVER_NAMES[field], address: bad } } : undefined;
  };
}

/** Para is required (§8: 'Por favor, adicione um destinatário.'); Cc and Cco may stay empty. */
export const ADDRESS_RULES: Readonly<Record<AddressField, Validator[]>> = {
  to: [required(NO_RECIPIENT), addresses('to')],
  cc: [addresses('cc')],
  bcc: [addresses('bcc')],
};

/** The field a refusal of the server names (its pt-BR message), or null when it is about the whole message. */
export function serverErrorField(message: string): keyof ComposeValues | null {
  if (message === MAIL_MESSAGES.noRecipient) return 'to';
  const address = /^Endereço de email inválido em (Para|Cc|Cco):/.exec(message) ?? /^(Para|Cc|Cco) deve ser/.exec(message);
  if (address) return (Object.keys(SERVER_NAMES) as AddressField[]).find((f) => SERVER_NAMES[f] === address[1]) ?? null;
  if (/^O assunto /.test(message)) return 'subject';
  return null;
}
