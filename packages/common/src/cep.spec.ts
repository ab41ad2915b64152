import { CEP_INVALID_MESSAGE, cleanCep, isValidCep, maskCep, validateCepField } from './cep';

describe('cleanCep', () => {
  it.each([
    ['01310-100', '01310100'], // Av. Paulista, São Paulo
    ['70150-900', '70150900'], // Praça dos Três Poderes, Brasília
    ['013101009', '01310100'],
    ['abc', ''],
  ])('cleanCep(%j) = %j', (input, expected) => {
    expect(cleanCep(input)).toBe(expected);
  });
});

describe('maskCep', () => {
  it.each([
    ['', ''],
    ['0', '0'],
    ['01310', '01310'],
    ['013101', '01310-1'],
    ['01310100', '01310-100'],
    ['013101009', '01310-100'],
    ['01310-100', '01310-100'],
  ])('maskCep(%j) = %j', (input, expected) => {
    expect(maskCep(input)).toBe(expected);
  });
});

describe('isValidCep', () => {
  it.each([
    ['01310-100', true],
    ['01310100', true],
    ['20040-020', true], // Centro, Rio de Janeiro
    ['01310-10', false],
    ['01310-1000', false],
    ['', false],
  ])('isValidCep(%j) = %s', (input, expected) => {
    expect(isValidCep(input)).toBe(expected);
  });
});

describe('validateCepField', () => {
  it.each([
    [undefined, null],
    [null, null],
    ['', null],
    ['  ', null],
    ['01310-100', null],
    ['01310100', null],
    ['01310-10', CEP_INVALID_MESSAGE],
    ['0131', CEP_INVALID_MESSAGE],
    ['013101000', CEP_INVALID_MESSAGE],
  ])('validateCepField(%j) = %j', (input, expected) => {
    expect(validateCepField(input)).toBe(expected);
  });

  it('uses the wording of the spec', () => {
    expect(CEP_INVALID_MESSAGE).toBe('CEP inválido (deve conter 8 dígitos)');
  });
});
