import { CLIENTE_FIELD_LABELS, cnpjCheckDigits } from '@veritas/common';
import {
  CEP_INVALID_MESSAGE,
  clientePayload,
  clienteValidator,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  NEW_CLIENTE_DEFAULTS,
  PASSWORD_REQUIRED,
  PASSWORDS_DIFFER,
  RAZAO_REQUIRED,
  validateClienteForm,
  type ClienteFormValues,
} from './clienteForm';

const label = (field: string) => CLIENTE_FIELD_LABELS[field as keyof typeof CLIENTE_FIELD_LABELS];

function cnpj(base = '112223330001'): string {
  const d = base + cnpjCheckDigits(base);
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
}

const valid: ClienteFormValues = {
  ...NEW_CLIENTE_DEFAULTS,
  razaoSocial: 'Padaria São João Ltda',
  cnpj: cnpj(),
  email: 'contato@padaria.com.br',
  password: 'Cliente!2026',
  confirmPassword: 'Cliente!2026',
};

describe('validateClienteForm (§5)', () => {
  it('passes a complete new client', () => {
    expect(validateClienteForm(valid, 'create', label)).toEqual({ errors: {}, correctedCnpj: null });
  });

  it('an empty form (react-admin keeps blanks as null or leaves them out) gets one message per required field', () => {
    const { errors } = validateClienteForm({ razaoSocial: null, cnpj: null }, 'create', label);
    expect(errors).toEqual({
      razaoSocial: RAZAO_REQUIRED,
      cnpj: 'CNPJ é obrigatório',
      email: EMAIL_REQUIRED,
      password: PASSWORD_REQUIRED,
    });
  });

  it('checks the CNPJ format and check digits, offering the corrected CNPJ', () => {
    expect(validateClienteForm({ ...valid, cnpj: '11.22' }, 'create', label).errors.cnpj).toBe('Formato de CNPJ inválido');
    const good = cnpj();
    const wrong = good.slice(0, -2) + (good.endsWith('00') ? '01' : '00');
    const check = validateClienteForm({ ...valid, cnpj: wrong }, 'create', label);
    expect(check.errors.cnpj).toBe('CNPJ inválido (dígitos verificadores incorretos)');
    expect(check.correctedCnpj).toBe(good);
    // All-equal digits: no correction to offer.
    expect(validateClienteForm({ ...valid, cnpj: '11.111.111/1111-11' }, 'create', label).correctedCnpj).toBeNull();
  });

  it('checks e-mails, phones (named by their label) and the CEP when filled', () => {
    const { errors } = validateClienteForm(
      { ...valid, email: 'sem-dominio@', emailRF: 'x@', telefone: '(11) 3333', celularWhatsApp: '(11) 99999-8888', cep: '0131' },
      'create',
      label,
    );
    expect(errors).toEqual({
      email: EMAIL_INVALID,
      emailRF: 'E-mail do responsável inválido',
      telefone: 'Telefone inválido: informe DDD e número (10 ou 11 dígitos).',
      cep: CEP_INVALID_MESSAGE,
    });
  });

  it('applies the password policy; on edit a blank password keeps the current one', () => {
    expect(validateClienteForm({ ...valid, password: 'curta', confirmPassword: 'curta' }, 'create', label).errors.password).toBe('A senha deve ter pelo menos 8 caracteres');
    expect(validateClienteForm({ ...valid, confirmPassword: 'Outra!2026' }, 'create', label).errors.confirmPassword).toBe(PASSWORDS_DIFFER);
    expect(validateClienteForm({ ...valid, password: null, confirmPassword: null }, 'edit', label).errors).toEqual({});
    expect(validateClienteForm({ ...valid, password: 'semnumero!A', confirmPassword: 'semnumero!A' }, 'edit', label).errors.password).toBe(
      'A senha deve conter pelo menos um número',
    );
  });

  it("clienteValidator gives react-admin's form the same messages", () => {
    expect(clienteValidator('create', label)({ ...valid, razaoSocial: '  ' })).toEqual({ razaoSocial: RAZAO_REQUIRED });
    expect(clienteValidator('edit', label)({ ...valid, password: undefined, confirmPassword: undefined })).toEqual({});
  });
});

describe('clientePayload', () => {
  it('sends every field trimmed (blank clears it), the password when typed, never the confirmation or read-only fields', () => {
    const values = { ...valid, razaoSocial: '  Padaria  ', nomeFantasia: null, id: 'x', _id: 'x', createdAt: '2026-01-01', tipoCliente: null } as ClienteFormValues;
    const body = clientePayload(values);
    expect(body.razaoSocial).toBe('Padaria');
    expect(body.nomeFantasia).toBe('');
    expect(body.pais).toBe('Brasil');
    expect(body.status).toBe('ativo');
    expect(body.password).toBe('Cliente!2026');
    for (const key of ['confirmPassword', 'id', '_id', 'createdAt', 'tipoCliente']) expect(body).not.toHaveProperty(key);
    expect(clientePayload({ ...valid, password: null })).not.toHaveProperty('password');
  });
});

describe('a founder without a CNPJ yet (issue 54)', () => {
  const founder = { razaoSocial: 'Ana Doces Finos', cnpj: null, cpf: '529.982.247-25', email: 'ana@exemplo.com.br' } as ClienteFormValues;

  it('is edited without a CNPJ, and the payload leaves the CNPJ out', () => {
    expect(validateClienteForm(founder, 'edit', label).errors).toEqual({});
    expect(clientePayload(founder)).not.toHaveProperty('cnpj');
  });

  it('still needs a CNPJ on create, and a company (no CPF) still needs one on edit', () => {
    expect(validateClienteForm(founder, 'create', label).errors.cnpj).toBe('CNPJ é obrigatório');
    expect(validateClienteForm({ ...founder, cpf: null } as ClienteFormValues, 'edit', label).errors.cnpj).toBe('CNPJ é obrigatório');
  });
});
