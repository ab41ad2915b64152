/*
 * What a CNPJ lookup answer (CNPJá's "office", §3.5) fills in a client's record: the same mapping
 * for the public registration and the staff's Novo Cliente (issue 52).
 */
import { maskCep } from './cep';
import { isEstado } from './constants';
import { onlyDigits } from './text';
import { maskPhone } from './phone';

/** The client fields an answer can fill. */
export const CNPJ_OFFICE_FIELDS = [
  'razaoSocial',
  'nomeFantasia',
  'cep',
  'endereco',
  'numero',
  'complemento',
  'bairro',
  'cidade',
  'estado',
  'telefone',
  'celularWhatsApp',
  'email',
] as const;

export type CnpjOfficeField = (typeof CNPJ_OFFICE_FIELDS)[number];

type Office = Record<string, any>;

/**
 * The fields the answer has, trimmed and masked as the forms type them (CEP, phones), the e-mail in
 * lower case; a field the answer leaves blank is absent, so what was typed stays.
 */
export function cnpjOfficeFields(office: Office | null | undefined): Partial<Record<CnpjOfficeField, string>> {
  const out: Partial<Record<CnpjOfficeField, string>> = {};
  if (!office || typeof office !== 'object') return out;
  const set = (field: CnpjOfficeField, value: unknown, mask: (v: string) => string = (v) => v) => {
    if (typeof value === 'string' && value.trim()) out[field] = mask(value.trim());
  };
  set('razaoSocial', office.company?.name);
  set('nomeFantasia', office.alias);
  const a: Office = office.address && typeof office.address === 'object' ? office.address : {};
  set('cep', a.zip, maskCep);
  set('endereco', a.street);
  set('numero', a.number);
  set('complemento', a.details);
  set('bairro', a.district);
  set('cidade', a.city);
  if (isEstado(a.state)) out.estado = a.state;
  const phones: Office[] = Array.isArray(office.phones) ? office.phones.filter((p: unknown) => p && typeof p === 'object') : [];
  const phone = (p?: Office) => (p ? onlyDigits(`${p.area ?? ''}${p.number ?? ''}`) : '');
  const mobile = phones.find((p) => p.type === 'MOBILE');
  const landline = phones.find((p) => p !== mobile);
  set('telefone', phone(landline), maskPhone);
  set('celularWhatsApp', phone(mobile), maskPhone);
  const email = Array.isArray(office.emails) ? office.emails.find((e: Office) => typeof e?.address === 'string')?.address : null;
  set('email', email, (v) => v.toLowerCase());
  return out;
}
