/*
 * The registration form's data (spec §2.9, §3.3, §5): its fields, the client-side rules with the
 * spec's messages, the payload sent to POST /api/clientes/register, and what a CNPJ or CEP
 * lookup fills in.
 */
import {
  CLIENTE_CADASTRO_CAMPOS,
  type ClienteCadastroInput,
  checkPasswordPolicy,
  cleanCnpj,
  CNPJ_LENGTH,
  cnpjOfficeFields,
  DEFAULT_PAIS,
  isEstado,
  isValidEmail,
  maskCep,
  maskCnpj,
  maskPhone,
  validateCepField,
  validateCnpjField,
} from '@veritas/common';

/** The fields POST /api/clientes/register takes, and the password's confirmation. */
export const CADASTRO_FIELDS = [...CLIENTE_CADASTRO_CAMPOS, 'confirmPassword'] as const;

export type CadastroField = (typeof CADASTRO_FIELDS)[number];
export type CadastroValues = Record<CadastroField, string>;
export type CadastroErrors = Partial<Record<CadastroField, string>>;

export const EMPTY_CADASTRO: CadastroValues = {
  ...(Object.fromEntries(CADASTRO_FIELDS.map((f) => [f, ''])) as CadastroValues),
  pais: DEFAULT_PAIS,
};

export const CADASTRO_MESSAGES = {
  passwordsDiffer: 'As senhas não conferem',
  cnpjLength: 'CNPJ deve ter 14 dígitos',
  cnpjLookupFailed: 'Erro ao buscar informações do CNPJ: ',
  submitFailed: 'Erro ao cadastrar',
  submitCrashed: 'Erro ao cadastrar. Tente novamente ou contate o suporte.',
  emailInvalid: 'E-mail inválido',
  fixFields: 'Confira os campos indicados: cada um diz o que corrigir.',
} as const;

/** The names the required-field message uses: 'O campo {field} é obrigatório' (§5). */
const REQUIRED: Partial<Record<CadastroField, string>> = {
  razaoSocial: 'Razão Social',
  cnpj: 'CNPJ',
  email: 'E-mail',
  password: 'Senha',
};

export const requiredMessage = (field: string) => `O campo ${field} é obrigatório`;

const PHONES: CadastroField[] = ['telefone', 'celularWhatsApp', 'telefoneResponsavel', 'celularWhatsAppResponsavel'];

/** Masks applied while typing (§5): CNPJ (numeric or alphanumeric), phones, CEP. */
export function maskField(field: CadastroField, value: string): string {
  if (field === 'cnpj') return maskCnpj(value);
  if (field === 'cep') return maskCep(value);
  if (PHONES.includes(field)) return maskPhone(value);
  return value;
}

/**
 * The rules of §5 (required fields, matching passwords) plus the shared checks the server would
 * otherwise answer one at a time (CNPJ digits, e-mail, CEP, password policy). Phones, dates and the
 * rest are judged by the server, whose message the form shows.
 */
export function validateCadastro(v: CadastroValues): CadastroErrors {
  const errors: CadastroErrors = {};
  for (const [field, label] of Object.entries(REQUIRED) as [CadastroField, string][]) {
    if (!v[field].trim()) errors[field] = requiredMessage(label);
  }
  if (!errors.cnpj) errors.cnpj = validateCnpjField(v.cnpj).error ?? undefined;
  if (!errors.email && !isValidEmail(v.email.trim())) errors.email = CADASTRO_MESSAGES.emailInvalid;
  if (v.emailRF.trim() && !isValidEmail(v.emailRF.trim())) errors.emailRF = CADASTRO_MESSAGES.emailInvalid;
  const cep = validateCepField(v.cep);
  if (cep) errors.cep = cep;
  if (!errors.password) errors.password = checkPasswordPolicy(v.password) ?? undefined;
  if (v.password !== v.confirmPassword) errors.confirmPassword = CADASTRO_MESSAGES.passwordsDiffer;
  for (const key of Object.keys(errors) as CadastroField[]) if (!errors[key]) delete errors[key];
  return errors;
}

/** What POST /api/clientes/register receives: every field but the confirmation (§3.3). */
export function cadastroPayload(v: CadastroValues): ClienteCadastroInput {
  const { confirmPassword: _confirmation, ...rest } = v;
  return { ...rest, pais: rest.pais.trim() || DEFAULT_PAIS };
}

/** The CNPJ lookup needs exactly 14 characters (§5). */
export function cnpjLookupKey(cnpj: string): string | null {
  const clean = cleanCnpj(cnpj);
  return clean.length === CNPJ_LENGTH ? clean : null;
}

/**
 * The fields a CNPJ lookup answer (CNPJá's "office", §3.5) can fill: razão social, nome fantasia,
 * address, phones and e-mail (the shared mapping). Only what the answer has; the login e-mail only
 * when still empty.
 */
export function fillFromCnpj(office: Record<string, unknown>, current: CadastroValues): Partial<CadastroValues> {
  const { email, ...rest } = cnpjOfficeFields(office);
  return current.email.trim() || !email ? rest : { ...rest, email };
}

/** What a CEP lookup fills (§7): the address, keeping what the answer leaves blank. */
export function fillFromCep(address: Record<string, unknown>): Partial<CadastroValues> {
  const out: Partial<CadastroValues> = {};
  const pairs: [CadastroField, unknown][] = [
    ['endereco', address.logradouro],
    ['bairro', address.bairro],
    ['cidade', address.localidade],
  ];
  for (const [field, value] of pairs) if (typeof value === 'string' && value.trim()) out[field] = value.trim();
  if (isEstado(address.uf)) out.estado = address.uf;
  return out;
}
