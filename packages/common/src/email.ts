/** RFC 5321's limit on a whole address. */
export const EMAIL_MAX_LENGTH = 254;
const LOCAL_MAX_LENGTH = 64;

/**
 * A pragmatic check, not RFC 5322: it catches typos (no @, no domain, spaces) and lets
 * the mail server judge the rest. One @, a non-empty local part, a domain with a dot
 * and no empty labels, no whitespace, at most 254 characters.
 */
export function isValidEmail(v: string): boolean {
  if (typeof v !== 'string' || v.length === 0 || v.length > EMAIL_MAX_LENGTH) return false;
  if (/\s/.test(v)) return false;
  const parts = v.split('@');
  if (parts.length !== 2) return false;
  const [local, domain] = parts;
  if (local.length === 0 || local.length > LOCAL_MAX_LENGTH) return false;
  const labels = domain.split('.');
  return labels.length >= 2 && labels.every((label) => label.length > 0);
}
