import { Strategy } from 'passport-jwt';

type Done = (err: Error | null, payload?: Record<string, unknown>) => void;
type Verifier = (token: string, key: unknown, options: unknown, done: Done) => void;

/** How many verified tokens are kept (least recently used dropped first). */
export const VERIFIED_MAX = 5_000;

/**
 * passport-jwt verifies each request's token with jsonwebtoken: decoding, the HMAC and the claims, ~0.1 ms
 * (4.7 % of a registros list request's CPU in the profile, issue 14) — for the same token, request after
 * request. `keepVerified` wraps the verifier so that a token this process has verified with the same key and
 * options is not verified again: its payload is kept (at most VERIFIED_MAX) and only its expiry is checked
 * on each use, as jsonwebtoken checks it (`exp` in whole seconds, no tolerance). A token with `nbf` is always
 * verified whole; a failure is never kept. Who the token names is still read from the database on every
 * request (JwtStrategy.validate): only the signature's arithmetic is saved.
 */
export function keepVerified(verify: Verifier, max = VERIFIED_MAX): Verifier & { kept: Map<string, unknown> } {
  const kept = new Map<string, { key: unknown; options: unknown; payload: Record<string, unknown> }>();
  const wrapped = (token: string, key: unknown, options: unknown, done: Done) => {
    const hit = kept.get(token);
    if (hit && hit.key === key && hit.options === options) {
      const exp = hit.payload.exp;
      if (typeof exp !== 'number' || Math.floor(Date.now() / 1000) < exp) {
        kept.delete(token);
        kept.set(token, hit);
        return done(null, { ...hit.payload });
      }
    }
    kept.delete(token);
    verify(token, key, options, (err, payload) => {
      if (!err && payload && typeof payload === 'object' && payload.nbf === undefined) {
        kept.set(token, { key, options, payload: { ...payload } });
        if (kept.size > max) kept.delete(kept.keys().next().value!);
      }
      done(err, payload);
    });
  };
  return Object.assign(wrapped, { kept });
}

type WithVerifier = { JwtVerifier: Verifier & { keepsVerified?: true } };

/**
 * Puts keepVerified on passport-jwt's verifier hook (`JwtStrategy.JwtVerifier`, which its authenticate
 * calls), once per process.
 */
export function installKeptVerifier(): void {
  const s = Strategy as unknown as WithVerifier;
  if (s.JwtVerifier.keepsVerified) return;
  s.JwtVerifier = Object.assign(keepVerified(s.JwtVerifier), { keepsVerified: true as const });
}
