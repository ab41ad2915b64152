import {
  CNPJ_CHECK_DIGITS_MESSAGE,
  CNPJ_FORMAT_MESSAGE,
  CNPJ_MASK_PATTERN,
  CNPJ_REQUIRED_MESSAGE,
  cleanCnpj,
  cnpjCheckDigits,
  correctCnpj,
  isValidCnpj,
  maskCnpj,
  validateCnpjField,
  CNPJ_ALL_SAME_MESSAGE,
} from './cnpj';

// Real public CNPJs, plus the Receita Federal's alphanumeric example. The extra
// alphanumeric values were computed with the algorithm and checked by hand.
const VALID = [
  '11.222.333/0001-81', // the classic documentation example
  '00.000.000/0001-91', // Banco do Brasil
  '33.000.167/0001-01', // Petrobras
  '60.746.948/0001-12', // Bradesco
  '00.360.305/0001-04', // Caixa Econômica Federal
  '12.ABC.345/01DE-35', // Receita Federal alphanumeric example
  'AB.12C.D34/EF56-02', // computed
  'ZZ.ZZZ.ZZZ/ZZZZ-62', // computed: highest character value
];

describe('cleanCnpj', () => {
  it.each([
    ['11.222.333/0001-81', '11222333000181'],
    ['12.abc.345/01de-35', '12ABC34501DE35'],
    [' 12 ABC 345 01DE 35 ', '12ABC34501DE35'],
    ['ção', 'O'], // accented letters are not CNPJ characters
    ['', ''],
  ])('cleanCnpj(%j) = %j', (input, expected) => {
    expect(cleanCnpj(input)).toBe(expected);
  });
});

describe('cnpjCheckDigits', () => {
  it.each([
    ['112223330001', '81'],
    ['000000000001', '91'],
    ['330001670001', '01'],
    ['607469480001', '12'],
    ['12ABC34501DE', '35'],
    ['12abc34501de', '35'],
    ['AB12CD34EF56', '02'],
    ['000000000000', '00'],
    ['111111111111', '80'],
  ])('cnpjCheckDigits(%j) = %j', (base, expected) => {
    expect(cnpjCheckDigits(base)).toBe(expected);
  });

  it.each(['', '11222333000', '1122233300011', '11.222.333/0001', '11222333000!'])(
    'throws on a wrong base %j',
    (base) => {
      expect(() => cnpjCheckDigits(base)).toThrow(RangeError);
    },
  );
});

describe('isValidCnpj', () => {
  it.each(VALID)('accepts %s masked and clean', (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(true);
    expect(isValidCnpj(cleanCnpj(cnpj))).toBe(true);
    expect(isValidCnpj(cnpj.toLowerCase())).toBe(true);
  });

  it.each([
    ['wrong second DV', '11.222.333/0001-80'],
    ['wrong first DV', '11.222.333/0001-91'],
    ['wrong alphanumeric DVs', '12.ABC.345/01DE-36'],
    ['letter as check digit', '12.ABC.345/01DE-3A'],
    ['all ones', '11.111.111/1111-11'],
    ['all zeros (arithmetically valid)', '00.000.000/0000-00'],
    ['13 characters', '11.222.333/0001-8'],
    ['15 characters', '11.222.333/0001-811'],
    ['empty', ''],
    ['garbage', 'not a cnpj'],
  ])('rejects %s: %j', (_label, cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(false);
  });
});

describe('correctCnpj', () => {
  it.each([
    ['11.222.333/0001-80', '11.222.333/0001-81'],
    ['11222333000100', '11.222.333/0001-81'],
    ['00.000.000/0001-00', '00.000.000/0001-91'],
    ['12.abc.345/01de-00', '12.ABC.345/01DE-35'],
    ['12ABC34501DEXX', '12.ABC.345/01DE-35'], // letters where the DVs belong
  ])('correctCnpj(%j) = %j', (input, expected) => {
    expect(correctCnpj(input)).toBe(expected);
    expect(isValidCnpj(expected)).toBe(true);
  });

  it.each([
    ['already valid', '11.222.333/0001-81'],
    ['too short', '11.222.333/0001'],
    ['too long', '11.222.333/0001-811'],
    ['all-equal', '11.111.111/1111-11'],
    ['placeholder base', '11.111.111/1111-12'],
    ['empty', ''],
  ])('is null when %s: %j', (_label, input) => {
    expect(correctCnpj(input)).toBeNull();
  });
});

describe('maskCnpj', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['11', '11'],
    ['112', '11.2'],
    ['11222', '11.222'],
    ['112223', '11.222.3'],
    ['11222333', '11.222.333'],
    ['112223330', '11.222.333/0'],
    ['112223330001', '11.222.333/0001'],
    ['1122233300018', '11.222.333/0001-8'],
    ['11222333000181', '11.222.333/0001-81'],
    ['112223330001819', '11.222.333/0001-81'], // at most 14 characters
    ['11.222.333/0001-81', '11.222.333/0001-81'], // idempotent
    ['12abc34501de35', '12.ABC.345/01DE-35'],
    ['12ABC34501DEX35', '12.ABC.345/01DE-35'], // no letter among the DVs
  ])('maskCnpj(%j) = %j', (input, expected) => {
    expect(maskCnpj(input)).toBe(expected);
  });

  it.each(VALID)('a full mask of %s matches the form pattern', (cnpj) => {
    expect(maskCnpj(cleanCnpj(cnpj))).toMatch(CNPJ_MASK_PATTERN);
  });
});

describe('validateCnpjField', () => {
  it.each([
    ['11.222.333/0001-81', null, null],
    ['11222333000181', null, null],
    ['12.abc.345/01de-35', null, null],
    [undefined, CNPJ_REQUIRED_MESSAGE, null],
    [null, CNPJ_REQUIRED_MESSAGE, null],
    ['', CNPJ_REQUIRED_MESSAGE, null],
    ['   ', CNPJ_REQUIRED_MESSAGE, null],
    ['11.222.333/0001', CNPJ_FORMAT_MESSAGE, null],
    ['11.222.333/0001-811', CNPJ_FORMAT_MESSAGE, null],
    ['12.ABC.345/01DE-3A', CNPJ_FORMAT_MESSAGE, null],
    ['11.222.333/0001-80', CNPJ_CHECK_DIGITS_MESSAGE, '11.222.333/0001-81'],
    ['12.ABC.345/01DE-53', CNPJ_CHECK_DIGITS_MESSAGE, '12.ABC.345/01DE-35'],
    // Placeholders: the rule they break is "all the same", whatever their check digits.
    ['11.111.111/1111-11', CNPJ_ALL_SAME_MESSAGE, null],
    ['00.000.000/0000-00', CNPJ_ALL_SAME_MESSAGE, null],
    ['AA.AAA.AAA/AAAA-00', CNPJ_CHECK_DIGITS_MESSAGE, null],
  ])('validateCnpjField(%j) → error %j, corrected %j', (input, error, corrected) => {
    expect(validateCnpjField(input)).toEqual({ error, corrected });
  });

  it('uses the staff-form wording of the spec', () => {
    expect([CNPJ_REQUIRED_MESSAGE, CNPJ_FORMAT_MESSAGE, CNPJ_CHECK_DIGITS_MESSAGE, CNPJ_ALL_SAME_MESSAGE]).toEqual([
      'CNPJ é obrigatório',
      'Formato de CNPJ inválido',
      'CNPJ inválido (dígitos verificadores incorretos)',
      'CNPJ inválido (todos os dígitos iguais)',
    ]);
  });
});
