import { isValidCpf, pixKeyKind } from './pix-key';

describe('Pix keys by kind (issue 55)', () => {
  it.each([
    ['52998224725', 'cpf'],
    ['11222333000181', 'cnpj'],
    ['+5511988887777', 'telefone'],
    ['+551133334444', 'telefone'],
    ['financeiro@veritas.com.br', 'email'],
    ['123e4567-e89b-42d3-a456-426614174000', 'evp'],
  ])('%s is a %s key', (v, kind) => {
    expect(pixKeyKind(v)).toBe(kind);
  });

  it.each([
    ['52998224724', 'CPF with a wrong check digit'],
    ['11111111111', 'CPF placeholder'],
    ['11222333000182', 'CNPJ with a wrong check digit'],
    ['11.222.333/0001-81', 'masked CNPJ'],
    ['+55 11 98888-7777', 'phone with spaces'],
    ['11988887777', 'phone without +55'],
    ['+5501988887777', 'phone with DDD 01'],
    ['+551188887777', 'mobile number without the 9'],
    ['Chave do escritório', 'free text with accents'],
    ['Financeiro@Veritas.com.br', 'e-mail in upper case'],
    [`${'a'.repeat(70)}@veritas.com.br`, 'e-mail longer than 77'],
    ['123E4567-E89B-42D3-A456-426614174000', 'EVP in upper case'],
    ['', 'empty'],
  ])('%s is refused (%s)', (v) => {
    expect(pixKeyKind(v)).toBeNull();
  });

  it('checks CPF digits', () => {
    expect(['52998224725', '39053344705', '00000000191'].map(isValidCpf)).toEqual([true, true, true]);
    expect(['52998224735', '1234567890', '00000000000'].map(isValidCpf)).toEqual([false, false, false]);
  });
});
