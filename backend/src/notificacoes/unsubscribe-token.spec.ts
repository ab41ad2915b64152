import { signUnsubscribe, verifyUnsubscribe } from './unsubscribe-token';

const SECRET = 's'.repeat(40);
const D = { clienteId: '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', categoria: 'andamento' as const };

describe('unsubscribe tokens', () => {
  it('a signed token says its client and category', () => {
    expect(verifyUnsubscribe(SECRET, signUnsubscribe(SECRET, D))).toEqual(D);
  });

  it('a token whose category, client or signature was changed is refused', () => {
    const token = signUnsubscribe(SECRET, D);
    const [id, , sig] = token.split('.');
    expect(verifyUnsubscribe(SECRET, `${id}.cobrancas.${sig}`)).toBeNull();
    expect(verifyUnsubscribe(SECRET, `${id.replace(/^0/, '1')}.andamento.${sig}`)).toBeNull();
    expect(verifyUnsubscribe(SECRET, `${token.slice(0, -2)}AA`)).toBeNull();
    expect(verifyUnsubscribe(SECRET, `${token}x`)).toBeNull();
  });

  it('a token signed with another secret, or no token at all, is refused', () => {
    expect(verifyUnsubscribe(SECRET, signUnsubscribe('t'.repeat(40), D))).toBeNull();
    for (const bad of [undefined, '', 'a.b.c', 'x'.repeat(500), 42]) expect(verifyUnsubscribe(SECRET, bad)).toBeNull();
  });
});
