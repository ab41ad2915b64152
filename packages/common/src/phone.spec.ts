import { isValidPhone, maskPhone } from './phone';

describe('maskPhone', () => {
  it.each([
    ['', ''],
    ['1', '(1'],
    ['11', '(11'],
    ['113', '(11) 3'],
    ['113333', '(11) 3333'],
    ['1133334', '(11) 3333-4'],
    ['1133334444', '(11) 3333-4444'],
    ['11987654321', '(11) 98765-4321'],
    ['119876543210', '(11) 98765-4321'], // at most 11 digits
    ['(11) 98765-4321', '(11) 98765-4321'], // idempotent
    ['(11) 3333-4444', '(11) 3333-4444'],
  ])('maskPhone(%j) = %j', (input, expected) => {
    expect(maskPhone(input)).toBe(expected);
  });
});

describe('isValidPhone', () => {
  it.each([
    ['(11) 3333-4444', true],
    ['1133334444', true],
    ['(21) 99876-5432', true],
    ['21998765432', true],
    ['(11) 3333-444', false],
    ['119876543210', false],
    ['', false],
  ])('isValidPhone(%j) = %s', (input, expected) => {
    expect(isValidPhone(input)).toBe(expected);
  });
});
