import { isValidEmail } from './email';

describe('isValidEmail', () => {
  it.each([
    'contato@veritas.com.br',
    'joao.silva@empresa.com',
    'joao+cadastro@gmail.com',
    'a@b.co',
    'JOAO@EMPRESA.COM.BR',
    'joão@empresa.com.br', // internationalised local part: let the server decide
  ])('accepts %j', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['no @', 'contato.veritas.com.br'],
    ['two @', 'contato@@veritas.com.br'],
    ['empty local part', '@veritas.com.br'],
    ['no dot in domain', 'contato@localhost'],
    ['empty domain', 'contato@'],
    ['domain ends in a dot', 'contato@veritas.'],
    ['domain starts with a dot', 'contato@.com'],
    ['double dot in domain', 'contato@veritas..com'],
    ['space inside', 'joao silva@empresa.com'],
    ['trailing space', 'joao@empresa.com '],
    ['local part over 64', `${'a'.repeat(65)}@empresa.com`],
    ['over 254 characters', `joao@${'a'.repeat(250)}.com`],
    ['not a string', null as unknown as string],
  ])('rejects %s', (_label, email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});
