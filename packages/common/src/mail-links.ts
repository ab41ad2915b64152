/*
 * Filing mail under its client and registro (issue 56): the pure rules. The server looks up what
 * these functions find; nothing here touches a database.
 *
 * - A client by address: the client's registered e-mail equals a sender or recipient (any case).
 * - A client by domain: the client's e-mail domain equals an address's domain, when that domain is
 *   not a public mail provider (anyone can have an address at gmail.com).
 * - A client by CNPJ: a valid CNPJ (masked or clean, numeric or alphanumeric) in the subject or body.
 * - A registro by protocol number (AAAA-NNNNNN) in the subject or body, and through it its client.
 * - A registro by the protocol number one of its stages holds (the Junta's, e.g. SP2612345678 or
 *   26/123.456-7), compared by its key (protocoloChave: letters and digits, upper case).
 */
import { CNPJ_LENGTH, cleanCnpj, isValidCnpj } from './cnpj';

/** Providers where an address says nothing about the company behind it. */
export const PUBLIC_MAIL_DOMAINS: readonly string[] = [
  'gmail.com',
  'googlemail.com',
  'hotmail.com',
  'hotmail.com.br',
  'outlook.com',
  'outlook.com.br',
  'live.com',
  'msn.com',
  'yahoo.com',
  'yahoo.com.br',
  'ymail.com',
  'icloud.com',
  'me.com',
  'uol.com.br',
  'bol.com.br',
  'terra.com.br',
  'ig.com.br',
  'globo.com',
  'globomail.com',
  'protonmail.com',
  'proton.me',
  'zoho.com',
  'aol.com',
  'gmx.com',
];

const PUBLIC = new Set(PUBLIC_MAIL_DOMAINS);

/** How a link was made: at ingest by these rules, or by a person in the reader. */
export type EmailVinculoOrigem = 'auto' | 'manual';

/** Trimmed and lower-cased: the form in which addresses are compared. */
export function normalizeMailAddress(address: string): string {
  return String(address ?? '').trim().toLowerCase();
}

/** The domain of an address, lower-cased; '' when it has none. */
export function mailDomain(address: string): string {
  const a = normalizeMailAddress(address);
  const at = a.lastIndexOf('@');
  return at > 0 && at < a.length - 1 ? a.slice(at + 1) : '';
}

export function isPublicMailDomain(domain: string): boolean {
  return PUBLIC.has(normalizeMailAddress(domain));
}

/**
 * The domains by which a message may be filed under a client: those of its addresses that are not
 * public providers, without repeats, except `own` (the firm's own domain: every message has it).
 */
export function companyDomains(addresses: readonly string[], own: readonly string[] = []): string[] {
  const skip = new Set(own.map(normalizeMailAddress));
  const out = new Set<string>();
  for (const a of addresses) {
    const d = mailDomain(a);
    if (d && !PUBLIC.has(d) && !skip.has(d)) out.add(d);
  }
  return [...out];
}

// Not inside a longer run of digits or a word: "2026-000742", never "12026-0007421".
const PROTOCOLO = /(?<![\dA-Za-z])(\d{4})-(\d{6})(?![\dA-Za-z])/g;

/** At most this many of each kind are looked up per message: a mail listing a thousand is not filed a thousand times. */
export const MAIL_LINK_MAX_CANDIDATES = 20;

/** The registro protocol numbers (AAAA-NNNNNN) in a text, in order of appearance, without repeats. */
export function findProtocolos(text: string): string[] {
  const out = new Set<string>();
  for (const m of String(text ?? '').matchAll(PROTOCOLO)) {
    const year = Number(m[1]);
    if (year < 1990 || year > 2199) continue;
    out.add(`${m[1]}-${m[2]}`);
    if (out.size >= MAIL_LINK_MAX_CANDIDATES) break;
  }
  return [...out];
}

/**
 * A stage protocol as it is compared (registro_etapas.protocoloChave): its letters and digits, upper
 * case, so "26/123.456-7", "261234567" and "sp 2612345678" are found however the mail writes them. null
 * when nothing is left.
 */
export function protocoloChave(protocolo: string | null | undefined): string | null {
  const key = String(protocolo ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
  return key ? key.slice(0, 100) : null;
}

// A run of letters and digits, with single dots, slashes or dashes between them, a digit among its first
// characters (at most 4 letters before it: a UF or an organ's prefix): "SP2612345678", "26/123.456-7". Words
// fail at the lookahead, so a long body costs little.
const PROTOCOLO_ETAPA = /(?<![A-Za-z0-9./-])(?=[A-Za-z]{0,4}[./-]?\d)[A-Za-z0-9]+(?:[./-][A-Za-z0-9]+)*(?![A-Za-z0-9])/g;

// Dates (07/12/2026, 2026-12-07) are not protocols: every quoted reply carries one.
const DATA = /^(?:\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{4}-\d{2}-\d{2})$/;

/** Whether a key looks like an organ's protocol number: 6 to 25 characters, at least 6 digits, at most 4 letters (a UF or an organ's prefix). */
function looksLikeProtocolo(key: string): boolean {
  if (key.length < 6 || key.length > 25) return false;
  const digits = key.replace(/[^0-9]/g, '').length;
  return digits >= 6 && key.length - digits <= 4;
}

/**
 * The keys (protocoloChave) of the numbers in a text that may be a stage's protocol at the Junta or another
 * organ, in order, without repeats, at most MAIL_LINK_MAX_CANDIDATES: each is one indexed lookup at ingest.
 * Registro numbers (AAAA-NNNNNN, findProtocolos) are left to their own rule.
 */
export function findProtocolosEtapa(text: string): string[] {
  const out = new Set<string>();
  for (const m of String(text ?? '').matchAll(PROTOCOLO_ETAPA)) {
    const key = protocoloChave(m[0]);
    if (!key || !looksLikeProtocolo(key) || DATA.test(m[0]) || findProtocolos(m[0]).length || findCnpjs(m[0]).length) continue;
    out.add(key);
    if (out.size >= MAIL_LINK_MAX_CANDIDATES) break;
  }
  return [...out];
}

// Masked (00.000.000/0000-00) or clean (14 characters), letters allowed before the check digits.
const CNPJ_CANDIDATE = /(?<![A-Za-z0-9])(?:[A-Za-z0-9]{2}\.[A-Za-z0-9]{3}\.[A-Za-z0-9]{3}\/[A-Za-z0-9]{4}-\d{2}|[A-Za-z0-9]{12}\d{2})(?![A-Za-z0-9])/g;

/**
 * The valid CNPJs in a text, clean (upper case, no mask), without repeats. A clean candidate must
 * hold a digit among its first 12 characters and pass the check digits, so ordinary words do not match.
 */
export function findCnpjs(text: string): string[] {
  const out = new Set<string>();
  for (const m of String(text ?? '').matchAll(CNPJ_CANDIDATE)) {
    const clean = cleanCnpj(m[0]);
    const masked = m[0].includes('/');
    if (clean.length !== CNPJ_LENGTH || (!masked && !/\d/.test(clean.slice(0, 12))) || !isValidCnpj(clean)) continue;
    out.add(clean);
    if (out.size >= MAIL_LINK_MAX_CANDIDATES) break;
  }
  return [...out];
}

/** What the server looks up for one message. */
export interface MailLinkCandidates {
  addresses: string[];
  domains: string[];
  protocolos: string[];
  /** Keys of stage protocols (the Junta's), protocoloChave. */
  protocolosEtapa: string[];
  cnpjs: string[];
}

/** Everything to look up for one message: its addresses, their company domains, protocols and CNPJs in subject and body. */
export function mailLinkCandidates(input: { addresses: readonly string[]; subject: string; text: string; ownDomains?: readonly string[] }): MailLinkCandidates {
  const addresses = [...new Set(input.addresses.map(normalizeMailAddress).filter((a) => a.includes('@')))];
  const haystack = `${input.subject ?? ''}\n${input.text ?? ''}`;
  return {
    addresses,
    domains: companyDomains(addresses, input.ownDomains),
    protocolos: findProtocolos(haystack),
    protocolosEtapa: findProtocolosEtapa(haystack),
    cnpjs: findCnpjs(haystack),
  };
}

/** One link as GET/PUT /api/emails/message/:id/vinculos answer it. */
export interface EmailVinculoView {
  id: string;
  clienteId: string | null;
  clienteNome: string | null;
  registroId: string | null;
  registroNumero: string | null;
  origem: EmailVinculoOrigem;
}

/** PUT /api/emails/message/:id/vinculos: the links the caller sees, replaced by these. */
export interface EmailVinculosPayload {
  clienteId?: string | null;
  registroIds: string[];
}
