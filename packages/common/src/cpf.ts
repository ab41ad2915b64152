import { isValidCpf } from './pix-key';

/** A person's CPF: 11 digits, the last two check digits (isValidCpf, in pix-key.ts). */
export const CPF_LENGTH = 11;
export const CPF_REQUIRED_MESSAGE = 'CPF é obrigatório';
export const CPF_FORMAT_MESSAGE = 'CPF deve ter 11 dígitos';
export const CPF_ALL_SAME_MESSAGE = 'CPF inválido (todos os dígitos iguais)';
export const CPF_CHECK_DIGITS_MESSAGE = 'CPF inválido (dígitos verificadores incorretos)';

/** The digits of a CPF typed with or without its mask. */
export function cleanCpf(v: string | null | undefined): string {
  return (v ?? '').replace(/\D/g, '');
}

/** Progressive mask 000.000.000-00 for an input being typed. */
export function maskCpf(v: string | null | undefined): string {
  const d = cleanCpf(v).slice(0, CPF_LENGTH);
  return d.replace(/^(\d{3})(\d)/, '$1.$2').replace(/^(\d{3})\.(\d{3})(\d)/, '$1.$2.$3').replace(/\.(\d{3})(\d{1,2})$/, '.$1-$2');
}

/** Why a CPF field is wrong, in pt-BR, or null when it is a valid CPF. */
export function validateCpfField(v: string | null | undefined): string | null {
  if (typeof v !== 'string' || !v.trim()) return CPF_REQUIRED_MESSAGE;
  if (/[^\d.\-\s]/.test(v)) return CPF_FORMAT_MESSAGE;
  const d = cleanCpf(v);
  if (d.length !== CPF_LENGTH) return CPF_FORMAT_MESSAGE;
  if (/^(\d)\1{10}$/.test(d)) return CPF_ALL_SAME_MESSAGE;
  return isValidCpf(d) ? null : CPF_CHECK_DIGITS_MESSAGE;
}
