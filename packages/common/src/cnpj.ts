/*
 * CNPJ, numeric and alphanumeric.
 *
 * Since July 2026 the Receita Federal also issues CNPJs whose first 12 characters
 * may be letters (A–Z); the two check digits stay numeric. The old numeric CNPJs
 * are a special case of the same algorithm, so one implementation serves both:
 * each character is worth its ASCII code minus 48 ('0'..'9' → 0..9, 'A' → 17,
 * 'Z' → 42), then the classic mod-11 weights apply.
 */

export const CNPJ_LENGTH = 14;

const BASE_LENGTH = 12;
const BASE_PATTERN = /^[A-Z0-9]{12}$/;
const CLEAN_PATTERN = /^[A-Z0-9]{12}\d{2}$/;
const FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;
const SECOND_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/** The masked shape the staff form requires: 00.000.000/0000-00, letters allowed before the DVs. */
export const CNPJ_MASK_PATTERN = /^[A-Z0-9]{2}\.[A-Z0-9]{3}\.[A-Z0-9]{3}\/[A-Z0-9]{4}-\d{2}$/;

export const CNPJ_REQUIRED_MESSAGE = 'CNPJ é obrigatório';
export const CNPJ_FORMAT_MESSAGE = 'Formato de CNPJ inválido';
export const CNPJ_CHECK_DIGITS_MESSAGE = 'CNPJ inválido (dígitos verificadores incorretos)';
export const CNPJ_ALL_SAME_MESSAGE = 'CNPJ inválido (todos os dígitos iguais)';

/** Upper-cases and keeps only A–Z and 0–9: the form in which a CNPJ is stored and compared. */
export function cleanCnpj(v: string): string {
  return String(v ?? '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
}

function checkDigit(chars: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) {
    sum += (chars.charCodeAt(i) - 48) * weights[i];
  }
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/**
 * The two check digits for a 12-character base. Throws on anything else, because
 * a caller passing a wrong base has a bug that a silent answer would hide.
 */
export function cnpjCheckDigits(base12: string): string {
  const base = String(base12 ?? '').toUpperCase();
  if (!BASE_PATTERN.test(base)) {
    throw new RangeError(`cnpjCheckDigits: expected 12 characters A–Z/0–9, got ${JSON.stringify(base12)}`);
  }
  const first = checkDigit(base, FIRST_WEIGHTS);
  const second = checkDigit(base + first, SECOND_WEIGHTS);
  return `${first}${second}`;
}

// 00.000.000/0000-00 and 11.111.111/1111-11 pass or nearly pass the arithmetic but
// are placeholders, never real registrations.
function allSame(chars: string): boolean {
  return /^(.)\1*$/.test(chars);
}

/** Accepts masked or clean input, in either case. */
export function isValidCnpj(v: string): boolean {
  const clean = cleanCnpj(v);
  if (!CLEAN_PATTERN.test(clean) || allSame(clean)) return false;
  return cnpjCheckDigits(clean.slice(0, BASE_LENGTH)) === clean.slice(BASE_LENGTH);
}

/**
 * When the base is plausible but the check digits are wrong (a typo in the last
 * two positions, the usual case), the CNPJ with the right digits, masked, so the
 * form can offer it. Null when there is nothing sensible to offer: the value is
 * already valid, has the wrong length, or its base is a placeholder (all 12 equal).
 */
export function correctCnpj(v: string): string | null {
  const clean = cleanCnpj(v);
  if (clean.length !== CNPJ_LENGTH) return null;
  const base = clean.slice(0, BASE_LENGTH);
  if (allSame(base)) return null;
  const digits = cnpjCheckDigits(base);
  if (digits === clean.slice(BASE_LENGTH)) return null;
  return maskCnpj(base + digits);
}

/**
 * Progressive mask 00.000.000/0000-00 for an input being typed. Letters are kept
 * only in the first 12 positions; a letter where a check digit belongs is dropped.
 */
export function maskCnpj(v: string): string {
  let chars = '';
  for (const c of cleanCnpj(v)) {
    if (chars.length === CNPJ_LENGTH) break;
    if (chars.length >= BASE_LENGTH && !/\d/.test(c)) continue;
    chars += c;
  }
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    if (i === 2 || i === 5) out += '.';
    else if (i === 8) out += '/';
    else if (i === 12) out += '-';
    out += chars[i];
  }
  return out;
}

export interface CnpjFieldResult {
  error: string | null;
  /** A masked CNPJ with fixed check digits, offered with an Aplicar button. */
  corrected: string | null;
}

/** The staff client form's CNPJ rule (spec §5). */
export function validateCnpjField(v: string | undefined | null): CnpjFieldResult {
  const clean = cleanCnpj(v ?? '');
  if (!clean) return { error: CNPJ_REQUIRED_MESSAGE, corrected: null };
  // Same shape as CNPJ_MASK_PATTERN, but tested on the clean value: the mask
  // truncates, so 15 characters would otherwise pass as their first 14.
  if (!CLEAN_PATTERN.test(clean)) {
    return { error: CNPJ_FORMAT_MESSAGE, corrected: null };
  }
  if (allSame(clean)) return { error: CNPJ_ALL_SAME_MESSAGE, corrected: null };
  if (isValidCnpj(clean)) return { error: null, corrected: null };
  return { error: CNPJ_CHECK_DIGITS_MESSAGE, corrected: correctCnpj(clean) };
}
