import { onlyDigits } from './text';

/** Area code (2) plus 8 digits for landlines or 9 for mobiles. */
export const PHONE_MAX_DIGITS = 11;
export const PHONE_MIN_DIGITS = 10;

/**
 * Progressive mask: (00) 0000-0000 up to 10 digits, (00) 00000-0000 at 11.
 * The hyphen moves when the 11th digit arrives, as a mobile number grows one digit longer.
 */
export function maskPhone(v: string): string {
  const d = onlyDigits(v).slice(0, PHONE_MAX_DIGITS);
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  const area = `(${d.slice(0, 2)}) `;
  const local = d.slice(2);
  const split = d.length === PHONE_MAX_DIGITS ? 5 : 4;
  if (local.length <= split) return area + local;
  return `${area}${local.slice(0, split)}-${local.slice(split)}`;
}

/** 10 or 11 digits, masked or not. */
export function isValidPhone(v: string): boolean {
  const length = onlyDigits(v).length;
  return length === PHONE_MIN_DIGITS || length === PHONE_MAX_DIGITS;
}
