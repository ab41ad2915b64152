/*
 * The staff client form's values and rules (§5), on the shared validators: the server runs the
 * same ones, so what passes here passes there. Plain functions (react-admin's form calls
 * `clienteValidator`), tested beside this file.
 */
import {
  CEP_INVALID_MESSAGE,
  CLIENTE_EQUIPE_CAMPOS,
  type ClienteInput,
  checkPasswordPolicy,
  DEFAULT_PAIS,
  isValidEmail,
  isValidPhone,
  validateCepField,
  validateCnpjField,
} from '@veritas/common';

/** The form's text fields: those the API takes (@veritas/common). */
export const CLIENTE_TEXT_FIELDS = CLIENTE_EQUIPE_CAMPOS;

export type ClienteTextField = (typeof CLIENTE_TEXT_FIELDS)[number];
/** The form's values as react-admin keeps them: a blank input is null (or absent before it is touched). */
export type ClienteFormValues = Partial<Record<ClienteTextField | 'password' | 'confirmPassword', string | null>>;
export type ClienteFormErrors = Partial<Record<ClienteTextField | 'password' | 'confirmPassword', string>>;

export const PHONE_FIELDS = ['telefone', 'celularWhatsApp', 'telefoneResponsavel', 'celularWhatsAppResponsavel'] as const;

export const RAZAO_REQUIRED = 'Razão Social é obrigatória';
export const EMAIL_REQUIRED = 'E-mail é obrigatório';
export const EMAIL_INVALID = 'E-mail inválido';
export const EMAIL_RF_INVALID = 'E-mail do responsável inválido';
export const PASSWORD_REQUIRED = 'Senha é obrigatória';
export const PASSWORDS_DIFFER = 'As senhas não coincidem';
export { CEP_INVALID_MESSAGE };

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** A new client's starting values: country Brasil and status ativo (§3.3). */
export const NEW_CLIENTE_DEFAULTS: ClienteFormValues = { pais: DEFAULT_PAIS, status: 'ativo' };

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
  if (!text(v.razaoSocial).trim()) errors.razaoSocial = RAZAO_REQUIRED;
  // A founder's company being opened (issue 54: a CPF, no CNPJ yet) is edited without one: the CNPJ comes with the abertura.
  const founderWithout = mode === 'edit' && !text(v.cnpj).trim() && !!text((v as Record<string, unknown>).cpf as string);
  const cnpj = founderWithout ? { error: null, corrected: null } : validateCnpjField(text(v.cnpj));
  if (cnpj.error) errors.cnpj = cnpj.error;
  const email = text(v.email).trim();
  if (!email) errors.email = EMAIL_REQUIRED;
  else if (!isValidEmail(email)) errors.email = EMAIL_INVALID;
  const emailRF = text(v.emailRF).trim();
  if (emailRF && !isValidEmail(emailRF)) errors.emailRF = EMAIL_RF_INVALID;
  for (const field of PHONE_FIELDS) {
    const phone = text(v[field]);
    if (phone.trim() && !isValidPhone(phone)) {
      errors[field] = `${phoneLabel(field)} inválido: informe DDD e número (10 ou 11 dígitos).`;
    }
  }
  const cep = validateCepField(text(v.cep));
  if (cep) errors.cep = cep;
  const password = text(v.password);
  if (mode === 'create' && !password) errors.password = PASSWORD_REQUIRED;
  else if (password) {
    const policy = checkPasswordPolicy(password);
    if (policy) errors.password = policy;
  }
  if ((mode === 'create' || password) && text(v.confirmPassword) !== password) errors.confirmPassword = PASSWORDS_DIFFER;
  return { errors, correctedCnpj: cnpj.corrected };
}

/** The form-level validator react-admin's <Form> runs: the messages of validateClienteForm. */
export function clienteValidator(mode: 'create' | 'edit', phoneLabel: (field: (typeof PHONE_FIELDS)[number]) => string) {
  return (values: Record<string, unknown>) => validateClienteForm(values as ClienteFormValues, mode, phoneLabel).errors;
}

/**
 * What is sent: every field trimmed (blank clears it), the password only when typed, never the
 * confirmation nor the read-only fields of the record (id, tipoCliente, dates).
 */
export function clientePayload(v: ClienteFormValues): ClienteInput {
  const body: ClienteInput = {};
  for (const field of CLIENTE_TEXT_FIELDS) body[field] = text(v[field]).trim();
  const password = text(v.password);
  if (password) body.password = password;
  // No CNPJ yet (a founder, issue 54): left out, so the server keeps none.
  if (!body.cnpj) delete body.cnpj;
  return body;
}
