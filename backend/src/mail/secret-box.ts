import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * A secret kept in the database, sealed (ADR 0055): AES-256-GCM under a key derived from
 * SETTINGS_SECRET (or DATA_DIR/settings-secret), which the database never holds. The sealed form is
 * `v1.<iv>.<tag>.<ciphertext>` in base64url; `purpose` is bound as additional data, so a value
 * sealed for one field does not open as another.
 */
const VERSION = 'v1';

function keyOf(secret: string): Buffer {
  return createHash('sha256').update(`veritas:configuracoes:${secret}`, 'utf8').digest();
}

export function seal(secret: string, purpose: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  cipher.setAAD(Buffer.from(purpose, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The plaintext, or null when the value was not sealed with this key and purpose (or was altered). */
export function open(secret: string, purpose: string, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(purpose, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
