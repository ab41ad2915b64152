import { isValidCnpj } from './cnpj';
import { isValidEmail } from './email';

/**
 * A Pix key as the Central Bank's directory (DICT) writes it, by kind: a bank rejects a BR Code whose
 * key is not in one of these forms, so the firm's key is checked before the first charge is issued.
 */
export type PixKeyKind = 'cpf' | 'cnpj' | 'telefone' | 'email' | 'evp';

/** CPF check digits (mod 11, weights 10..2 then 11..2); eleven equal digits are placeholders. */
export function isValidCpf(v: string): boolean {
  if (!/^\d{11}$/.test(v) || /^(\d)\1{10}$/.test(v)) return false;
  const digit = (len: number) => {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += Number(v[i]) * (len + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  return digit(9) === Number(v[9]) && digit(10) === Number(v[10]);
}

/** DICT's e-mail keys are at most 77 characters. */
const PIX_EMAIL_MAX = 77;
const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** +55, a DDD (11–99, no zero), then 8 digits starting 2–5 (landline) or 9 starting with 9 (mobile); no spaces. */
const PHONE = /^\+55[1-9][1-9](?:9\d{8}|[2-5]\d{7})$/;

/** The key's kind, or null when it is none of them as DICT writes it. */
export function pixKeyKind(v: string): PixKeyKind | null {
  if (/^\d{11}$/.test(v)) return isValidCpf(v) ? 'cpf' : null;
  if (/^[0-9A-Z]{12}\d{2}$/.test(v)) return isValidCnpj(v) ? 'cnpj' : null;
  if (v.startsWith('+')) return PHONE.test(v) ? 'telefone' : null;
  if (EVP.test(v)) return 'evp';
  if (v.includes('@')) return v.length <= PIX_EMAIL_MAX && isValidEmail(v) && v === v.toLowerCase() ? 'email' : null;
  return null;
}

export const PIX_KEY_FORMS =
  'CPF (11 dígitos, sem pontuação), CNPJ (14 caracteres, sem pontuação, com dígitos verificadores válidos), ' +
  'telefone (+55, DDD e número, sem espaços, por exemplo +5511988887777), e-mail (minúsculas, até 77 caracteres) ' +
  'ou chave aleatória (UUID em minúsculas)';
