/*
 * The staff client form's values and rules (§5), on the shared validators: the server runs the
 * same ones, so what passes here passes there.
 */
import {
  CEP_INVALID_MESSAGE,
  checkPasswordPolicy,
  type ClienteResponse,
  DEFAULT_PAIS,
  isValidEmail,
  isValidPhone,
  validateCepField,
  validateCnpjField,
} from '@veritas/common';

export const CLIENTE_TEXT_FIELDS = [
  'razaoSocial', 'nomeFantasia', 'cnpj', 'cnes', 'nire', 'email', 'emailRF',
  'telefone', 'celularWhatsApp', 'telefoneResponsavel', 'celularWhatsAppResponsavel',
  'cep', 'endereco', 'numero', 'complemento', 'bairro', 'cidade', 'estado', 'pais',
  'nomeCompletoResponsavel', 'cargo', 'dataNascimento',
  'nomeCompletoAssinanteDBE', 'cargoAssinanteDBE', 'dataNascimentoAssinanteDBE',
  'status', 'tipoClienteId',
] as const;

export type ClienteTextField = (typeof CLIENTE_TEXT_FIELDS)[number];
export type ClienteFormValues = Record<ClienteTextField | 'password' | 'confirmPassword', string>;
export type ClienteFormErrors = Partial<Record<keyof ClienteFormValues, string>>;

export const PHONE_FIELDS = ['telefone', 'celularWhatsApp', 'telefoneResponsavel', 'celularWhatsAppResponsavel'] as const;

export const RAZAO_REQUIRED = 'Razão Social é obrigatória';
export const EMAIL_REQUIRED = 'E-mail é obrigatório';
export const EMAIL_INVALID = 'E-mail inválido';
export const PASSWORD_REQUIRED = 'Senha é obrigatória';
export const PASSWORDS_DIFFER = 'As senhas não coincidem';
export { CEP_INVALID_MESSAGE };

/** The form's starting values: the client's, or blanks with country Brasil and status ativo. */
export function initialValues(cliente: ClienteResponse | null): ClienteFormValues {
  const values = { password: '', confirmPassword: '' } as ClienteFormValues;
  for (const field of CLIENTE_TEXT_FIELDS) {
    const v = cliente?.[field as keyof ClienteResponse];
    values[field] = typeof v === 'string' ? v : '';
  }
  if (!values.pais) values.pais = DEFAULT_PAIS;
  if (!values.status) values.status = 'ativo';
  return values;
}

/**
 * Every broken rule, one message per field, plus the corrected CNPJ to offer when the check
 * digits are wrong. The password is required on create and checked on edit only if typed.
 */
export function validateClienteForm(
  v: ClienteFormValues,
  mode: 'create' | 'edit',
  phoneLabel: (field: (typeof PHONE_FIELDS)[number]) => string,
): { errors: ClienteFormErrors; correctedCnpj: string | null } {
  const errors: ClienteFormErrors = {};
  if (!v.razaoSocial.trim()) errors.razaoSocial = RAZAO_REQUIRED;
  const cnpj = validateCnpjField(v.cnpj);
  if (cnpj.error) errors.cnpj = cnpj.error;
  if (!v.email.trim()) errors.email = EMAIL_REQUIRED;
  else if (!isValidEmail(v.email.trim())) errors.email = EMAIL_INVALID;
  if (v.emailRF.trim() && !isValidEmail(v.emailRF.trim())) errors.emailRF = 'E-mail do responsável inválido';
  for (const field of PHONE_FIELDS) {
    if (v[field].trim() && !isValidPhone(v[field])) {
      errors[field] = `${phoneLabel(field)} inválido: informe DDD e número (10 ou 11 dígitos).`;
    }
  }
  const cep = validateCepField(v.cep);
  if (cep) errors.cep = cep;
  if (mode === 'create' && !v.password) errors.password = PASSWORD_REQUIRED;
  else if (v.password) {
    const policy = checkPasswordPolicy(v.password);
    if (policy) errors.password = policy;
  }
  if ((mode === 'create' || v.password) && v.confirmPassword !== v.password) errors.confirmPassword = PASSWORDS_DIFFER;
  return { errors, correctedCnpj: cnpj.corrected };
}

/** What is sent: every field (blank clears it), the password only when typed, never the confirmation. */
export function toPayload(v: ClienteFormValues): Record<string, string> {
  const body: Record<string, string> = {};
  for (const field of CLIENTE_TEXT_FIELDS) body[field] = v[field].trim();
  if (v.password) body.password = v.password;
  return body;
}
