/** Display helpers for CNPJá's "office" answer (§3.5). */

/** A CNAE code padded to 7 digits and masked 0000-0/00 (1091102 → 1091-1/02). */
export function formatCnae(id: unknown): string {
  const digits = String(id ?? '').replace(/\D/g, '');
  if (!digits) return '';
  const s = digits.padStart(7, '0');
  return `${s.slice(0, 4)}-${s.slice(4, 5)}/${s.slice(5)}`;
}

const EMAIL_OWNERSHIP: Record<string, string> = {
  CORPORATE: 'Corporativo',
  PERSONAL: 'Pessoal',
  ACCOUNTING: 'Contabilidade',
  AGENT: 'Representante',
};

export function emailOwnership(v: unknown): string {
  return typeof v === 'string' ? EMAIL_OWNERSHIP[v] ?? v : '';
}

const PHONE_TYPES: Record<string, string> = { LANDLINE: 'Fixo', MOBILE: 'Celular' };

export function phoneType(v: unknown): string {
  return typeof v === 'string' ? PHONE_TYPES[v] ?? v : '';
}

/** NATURAL is a person (pessoa física); anything else a company. */
export function personType(v: unknown): string {
  return v === 'NATURAL' ? 'Pessoa física' : v ? 'Pessoa jurídica' : '';
}

/** Optional chaining over the loosely typed answer. */
export function text(v: unknown): string {
  return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
}
