import { createHash, randomBytes } from 'node:crypto';

/** The SHA-256 (hex) kept of a link's token: whoever reads the database cannot use a pending link. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A link's token: 256 random bits, URL-safe. */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}
