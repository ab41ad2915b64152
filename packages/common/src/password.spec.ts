import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH, checkPasswordPolicy, passwordPolicyErrors } from './password';

const { length, cases, digit, special, max } = PASSWORD_MESSAGES;

describe('passwordPolicyErrors', () => {
  it.each<[string, string[]]>([
    ['Senha@123', []],
    ['Ação#2024', []],
    ['ÇÃO!abc1', []], // accented capitals count
    ['Abc@1234', []],
    ['Ab@1', [length]],
    ['senha@123', [cases]],
    ['SENHA@123', [cases]],
    ['Senha@abc', [digit]],
    ['Senha1234', [special]],
    ['Senha 1234', [special]], // a space is not a special character
    ['', [length, cases, digit, special]],
    ['abc', [length, cases, digit, special]],
    ['abcdefgh', [cases, digit, special]],
    ['12345678', [cases, special]],
  ])('passwordPolicyErrors(%j) = %j', (pw, expected) => {
    expect(passwordPolicyErrors(pw)).toEqual(expected);
  });

  it('accepts up to PASSWORD_MAX_LENGTH UTF-16 units, as a maxlength attribute counts them', () => {
    expect(passwordPolicyErrors('Aa1!' + 'x'.repeat(PASSWORD_MAX_LENGTH - 4))).toEqual([]);
    expect(passwordPolicyErrors('Aa1!' + 'x'.repeat(PASSWORD_MAX_LENGTH - 3))).toEqual([max]);
    expect(passwordPolicyErrors('Aa1!' + '😀'.repeat(PASSWORD_MAX_LENGTH / 2))).toEqual([max]);
  });

  it('counts characters, not UTF-16 units', () => {
    // 7 characters, 8 UTF-16 units because of the emoji
    expect(passwordPolicyErrors('Ab1😀cde')).toEqual([length]);
  });
});

describe('checkPasswordPolicy', () => {
  it.each([
    ['Senha@123', null],
    ['Ab@1', length],
    ['abc', length],
    ['abcdefg1!', cases],
    ['Senha@abc', digit],
  ])('checkPasswordPolicy(%j) = %j', (pw, expected) => {
    expect(checkPasswordPolicy(pw)).toBe(expected);
  });
});

describe('policy wording', () => {
  it('matches the spec', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(Object.values(PASSWORD_MESSAGES)).toEqual([
      'A senha deve ter pelo menos 8 caracteres',
      'A senha deve conter letras maiúsculas e minúsculas',
      'A senha deve conter pelo menos um número',
      'A senha deve conter pelo menos um caractere especial',
      'A senha deve ter no máximo 200 caracteres',
    ]);
  });
});
