import { createHmac, timingSafeEqual } from 'node:crypto';
import { isNotificacaoCategoria, type NotificacaoCategoria } from '@veritas/common';

/** What an unsubscribe link says: which client turns off which category. */
export interface Descadastro {
  clienteId: string;
  categoria: NotificacaoCategoria;
}

const ID = /^[0-9a-f-]{36}$/i;

function signature(secret: string, d: Descadastro): Buffer {
  // The prefix keeps this key's signatures from meaning anything anywhere else.
  return createHmac('sha256', secret).update(`descadastro:${d.clienteId}:${d.categoria}`).digest();
}

/**
 * `clienteId.categoria.assinatura` (HMAC-SHA256, base64url): no sign-in needed and nothing to store.
 * It never expires — an unsubscribe link must work in an old e-mail too (RFC 8058 §3); a different
 * UNSUBSCRIBE_SECRET voids every link sent before.
 */
export function signUnsubscribe(secret: string, d: Descadastro): string {
  return `${d.clienteId}.${d.categoria}.${signature(secret, d).toString('base64url')}`;
}

/** The link's client and category when its signature holds, else null (forged, changed or cut). */
export function verifyUnsubscribe(secret: string, token: unknown): Descadastro | null {
  if (typeof token !== 'string' || token.length > 200) return null;
  const [clienteId, categoria, sig, ...rest] = token.split('.');
  if (rest.length || !sig || !ID.test(clienteId ?? '') || !isNotificacaoCategoria(categoria)) return null;
  const given = Buffer.from(sig, 'base64url');
  const expected = signature(secret, { clienteId, categoria });
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  // base64url decoding ignores stray characters: only the canonical spelling is accepted.
  return given.toString('base64url') === sig ? { clienteId, categoria } : null;
}
