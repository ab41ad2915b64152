import { firmDomainRecoveryMessage, isFirmDomainEmail } from './recovery-email';

describe('isFirmDomainEmail', () => {
  it.each([
    ['maria@veritas.com.br', true],
    [' Maria@VERITAS.com.br ', true],
    ['maria@mail.veritas.com.br', true],
    ['maria@gmail.com', false],
    ['maria@notveritas.com.br', false],
    ['maria@veritas.com.br.evil.com', false],
  ])('%s → %s', (email, expected) => {
    expect(isFirmDomainEmail(email, 'veritas.com.br')).toBe(expected);
  });

  it('names the domain in the refusal', () => {
    expect(firmDomainRecoveryMessage('veritas.com.br')).toContain('@veritas.com.br');
  });
});
