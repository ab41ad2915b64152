import { onlyDigits } from './text';

export const CEP_LENGTH = 8;
export const CEP_INVALID_MESSAGE = 'CEP inválido (deve conter 8 dígitos)';

/** Digits only, at most 8: what an input being typed may hold. */
export function cleanCep(v: string): string {
  return onlyDigits(v).slice(0, CEP_LENGTH);
}

/** Progressive mask 00000-000. */
export function maskCep(v: string): string {
  const digits = cleanCep(v);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}

/** Exactly 8 digits, masked or not. Not truncated first: 9 digits is an error, not a CEP. */
export function isValidCep(v: string): boolean {
  return onlyDigits(v).length === CEP_LENGTH;
}

/** The CEP is optional; when filled it must have 8 digits (spec §5). */
export function validateCepField(v: string | undefined | null): string | null {
  if (v == null || String(v).trim() === '') return null;
  return isValidCep(v) ? null : CEP_INVALID_MESSAGE;
}
