import { createHash, createHmac } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { AuditoriaResponse } from '@veritas/common';

/** The prev_hash of the very first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** What an entry's hash covers: every column but id and the hash itself. */
export type AuditContent = Pick<AuditoriaResponse, 'atorTipo' | 'atorId' | 'atorEmail' | 'atorNome' | 'ip' | 'requestId' | 'acao' | 'entidade' | 'entidadeId'> &
  Partial<Pick<AuditoriaResponse, 'clienteId' | 'registroId'>> & {
    seq: number;
    em: Date | string;
    /** As stored (canonical JSON text). */
    diff: string | null;
    prevHash: string;
  };

/**
 * The entry's canonical JSON (RFC 8785: sorted keys, no spaces), prev_hash included. `em` is its ISO
 * text to the second (what both databases give back). The context columns (clienteId, registroId;
 * added later) are covered only when set, so entries written before them still verify.
 */
function canonicalContent(e: AuditContent): string {
  const em = new Date(e.em);
  em.setUTCMilliseconds(0);
  const content: Record<string, unknown> = {
    seq: Number(e.seq),
    em: em.toISOString(),
    atorTipo: e.atorTipo,
    atorId: e.atorId ?? null,
    atorEmail: e.atorEmail ?? null,
    atorNome: e.atorNome ?? null,
    ip: e.ip ?? null,
    requestId: e.requestId ?? null,
    acao: e.acao,
    entidade: e.entidade,
    entidadeId: e.entidadeId ?? null,
    diff: e.diff ?? null,
    prevHash: e.prevHash,
  };
  if (e.clienteId) content.clienteId = e.clienteId;
  if (e.registroId) content.registroId = e.registroId;
  return canonicalize(content) as string;
}

/**
 * The chain as it was before issue 55: plain SHA-256 (hex) of the canonical content. Anyone with
 * the database could recompute it; only the re-keying migration still reads it (ADR 0009).
 */
export function auditHash(e: AuditContent): string {
  return createHash('sha256').update(canonicalContent(e), 'utf8').digest('hex');
}

/** An entry's MAC: HMAC-SHA-256 (hex) of its canonical content under the chain's key (ADR 0009). */
export function auditMac(key: string, e: AuditContent): string {
  return createHmac('sha256', key).update(canonicalContent(e), 'utf8').digest('hex');
}

/** Column names whose values never reach the trail (passwords, hashes, tokens, secrets). */
const DENY = /senha|password|hash|token|secret/i;
/** Noise: bookkeeping columns and the search helpers derived from other fields. */
const SKIP = /^(createdAt|updatedAt|busca.*)$/;
export const REDACTED = '[oculto]';

export type Diff = Record<string, [unknown, unknown]>;

function plain(v: unknown): unknown {
  if (v === undefined) return null;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  if (Buffer.isBuffer(v)) return `[${v.length} bytes]`;
  if (typeof v === 'number' && !Number.isFinite(v)) return null;
  return v;
}

const same = (a: unknown, b: unknown) => JSON.stringify(plain(a)) === JSON.stringify(plain(b));

/**
 * field → [before, after] of the fields in `keys` that differ; a denied field that changed shows
 * only that it changed. Null when nothing did.
 */
export function diffOf(before: Record<string, unknown> | null, after: Record<string, unknown> | null, keys?: readonly string[]): Diff | null {
  const fields = keys ?? [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const diff: Diff = {};
  for (const k of fields) {
    if (SKIP.test(k)) continue;
    const a = before ? before[k] : null;
    const b = after ? after[k] : null;
    if (typeof a === 'function' || typeof b === 'function' || same(a, b)) continue;
    diff[k] = DENY.test(k) ? [a == null ? null : REDACTED, b == null ? null : REDACTED] : [plain(a), plain(b)];
  }
  return Object.keys(diff).length ? diff : null;
}

/** The diff as stored: canonical JSON text, with any denied key redacted even when given by hand. */
export function diffText(diff: Record<string, unknown> | null | undefined): string | null {
  if (!diff || !Object.keys(diff).length) return null;
  const clean: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(diff)) clean[k] = DENY.test(k) ? (Array.isArray(v) ? v.map((x) => (x == null ? null : REDACTED)) : REDACTED) : v;
  return canonicalize(clean) as string;
}
