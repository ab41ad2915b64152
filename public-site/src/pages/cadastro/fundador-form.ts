/*
 * "Ainda não tenho CNPJ (abertura de empresa)" (issue 54): the founder's fields, their rules (the shared
 * CPF, e-mail, phone and password checks) and the payload of POST /api/clientes/register/fundador.
 */
import { checkPasswordPolicy, isValidEmail, isValidPhone, maskCpf, maskPhone, validateCpfField } from '@veritas/common';
import { CADASTRO_MESSAGES, requiredMessage } from './cadastro-form';

export const FUNDADOR_FIELDS = ['nome', 'cpf', 'email', 'telefone', 'razaoSocial', 'password', 'confirmPassword'] as const;
export type FundadorField = (typeof FUNDADOR_FIELDS)[number];
export type FundadorValues = Record<FundadorField, string>;
export type FundadorErrors = Partial<Record<FundadorField, string>>;

export const EMPTY_FUNDADOR = Object.fromEntries(FUNDADOR_FIELDS.map((f) => [f, ''])) as FundadorValues;

/** The names the required-field message uses ('O campo {field} é obrigatório'). */
const REQUIRED: Record<Exclude<FundadorField, 'confirmPassword' | 'cpf'>, string> = {
  nome: 'Nome completo',
  email: 'E-mail',
  telefone: 'Telefone',
  razaoSocial: 'Nome pretendido da empresa',
  password: 'Senha',
};

export function maskFundadorField(field: FundadorField, value: string): string {
  if (field === 'cpf') return maskCpf(value);
  if (field === 'telefone') return maskPhone(value);
  return value;
}

export function validateFundador(v: FundadorValues): FundadorErrors {
  const errors: FundadorErrors = {};
  for (const [field, label] of Object.entries(REQUIRED) as [FundadorField, string][]) {
    if (!v[field].trim()) errors[field] = requiredMessage(label);
  }
  errors.cpf = validateCpfField(v.cpf) ?? undefined;
  if (!errors.email && !isValidEmail(v.email.trim())) errors.email = CADASTRO_MESSAGES.emailInvalid;
  if (!errors.telefone && !isValidPhone(v.telefone)) errors.telefone = 'Telefone inválido: informe DDD e número (10 ou 11 dígitos).';
  if (!errors.password) errors.password = checkPasswordPolicy(v.password) ?? undefined;
  if (v.password !== v.confirmPassword) errors.confirmPassword = CADASTRO_MESSAGES.passwordsDiffer;
  for (const key of Object.keys(errors) as FundadorField[]) if (!errors[key]) delete errors[key];
  return errors;
}

/** What POST /api/clientes/register/fundador receives: every field but the confirmation. */
export function fundadorPayload(v: FundadorValues): Omit<FundadorValues, 'confirmPassword'> {
  const { confirmPassword: _confirmation, ...rest } = v;
  return { ...rest, nome: rest.nome.trim(), razaoSocial: rest.razaoSocial.trim(), email: rest.email.trim() };
}
