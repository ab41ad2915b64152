// What the privacy notice (/privacidade) states and the server enforces (issue 16): the firm's
// data-protection officer (encarregado, LGPD art. 41) and how long the public site's contact
// messages are kept. Read from the environment by the server at start-up and by the public site
// at build time (it is prerendered), both through privacyFromEnv, so they cannot disagree.
export interface PrivacyConfig {
  /** The encarregado's name (FIRM_DPO_NAME). */
  dpoName: string;
  /** The encarregado's e-mail (FIRM_DPO_EMAIL; the firm's e-mail when unset). */
  dpoEmail: string;
  /** Contact messages are deleted this many days after they arrive (CONTACT_RETENTION_DAYS, 1–3650). */
  contactRetentionDays: number;
  /** The audit trail's entries are deleted this many days after they were written (AUDIT_RETENTION_DAYS, 1–36500). */
  auditRetentionDays: number;
}

export const DEFAULT_CONTACT_RETENTION_DAYS = 365;
export const DEFAULT_AUDIT_RETENTION_DAYS = 1826;
export const DEFAULT_DPO_NAME = 'Encarregado de Proteção de Dados';

/** Null when CONTACT_RETENTION_DAYS is set but not a whole number of days between 1 and 3650. */
export function contactRetentionDaysFrom(raw: string | undefined): number | null {
  const value = raw?.trim();
  if (!value) return DEFAULT_CONTACT_RETENTION_DAYS;
  if (!/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= 3650 ? n : null;
}

/** AUDIT_RETENTION_DAYS as the server reads it (a value it would refuse leaves the default here). */
export function auditRetentionDaysFrom(raw: string | undefined): number {
  const value = raw?.trim();
  const n = value && /^\d+$/.test(value) ? Number(value) : NaN;
  return n >= 1 && n <= 36500 ? n : DEFAULT_AUDIT_RETENTION_DAYS;
}

export function privacyFromEnv(env: Record<string, string | undefined>, firmEmail: string): PrivacyConfig {
  return {
    dpoName: env.FIRM_DPO_NAME?.trim() || DEFAULT_DPO_NAME,
    dpoEmail: env.FIRM_DPO_EMAIL?.trim() || firmEmail,
    contactRetentionDays: contactRetentionDaysFrom(env.CONTACT_RETENTION_DAYS) ?? DEFAULT_CONTACT_RETENTION_DAYS,
    auditRetentionDays: auditRetentionDaysFrom(env.AUDIT_RETENTION_DAYS),
  };
}
