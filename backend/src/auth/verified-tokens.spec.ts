import { JwtService } from '@nestjs/jwt';
import { createSecretKey } from 'node:crypto';
import { VERIFIED_MAX, VerifiedTokens } from './verified-tokens';

describe('VerifiedTokens (a token verified once, its expiry checked on each use)', () => {
  const key = createSecretKey(Buffer.from('segredo-de-teste-com-tamanho-suficiente', 'utf8'));
  const jwt = new JwtService({ secret: key, verifyOptions: { algorithms: ['HS256'] } });
  const other = new JwtService({ secret: 'outro-segredo-qualquer-de-teste' });
  let tokens: VerifiedTokens;
  let verified: jest.SpyInstance;

  beforeEach(() => {
    tokens = new VerifiedTokens(jwt);
    verified = jest.spyOn(jwt, 'verify');
  });
  afterEach(() => jest.restoreAllMocks());

  it('verifies a token once, then answers its payload while it lasts', () => {
    const token = jwt.sign({ sub: 'u1', role: 'user' }, { expiresIn: 60 });
    expect(tokens.verify(token)).toMatchObject({ sub: 'u1', role: 'user' });
    expect(tokens.verify(token)).toMatchObject({ sub: 'u1', role: 'user' });
    expect(verified).toHaveBeenCalledTimes(1);
    expect(tokens.size).toBe(1);
  });

  it('refuses a kept token once it expires, as jsonwebtoken would', async () => {
    const token = jwt.sign({ sub: 'u1', role: 'user', exp: Math.floor(Date.now() / 1000) + 1 });
    expect(tokens.verify(token)).toMatchObject({ sub: 'u1' });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(tokens.verify(token)).toBeNull();
    expect(verified).toHaveBeenCalledTimes(2);
  });

  it('refuses a forged, foreign or unsigned token, and never keeps a failure', () => {
    const token = jwt.sign({ sub: 'u1', role: 'user' }, { expiresIn: 60 });
    const forged = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    const foreign = other.sign({ sub: 'u1', role: 'user' });
    const unsigned = 'eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJ1MSIsInJvbGUiOiJ1c2VyIn0.';
    for (const t of [forged, foreign, unsigned, forged]) expect(tokens.verify(t)).toBeNull();
    expect(tokens.size).toBe(0);
    expect(verified).toHaveBeenCalledTimes(4);
  });

  it('verifies a token with nbf every time', () => {
    const token = jwt.sign({ sub: 'u1', role: 'user' }, { expiresIn: 60, notBefore: 0 });
    expect(tokens.verify(token)).toMatchObject({ sub: 'u1' });
    expect(tokens.verify(token)).toMatchObject({ sub: 'u1' });
    expect(verified).toHaveBeenCalledTimes(2);
  });

  it('keeps at most VERIFIED_MAX tokens, the least recently used dropped first', () => {
    const made = Array.from({ length: VERIFIED_MAX + 1 }, (_, i) => jwt.sign({ sub: `u${i}`, role: 'user' }, { expiresIn: 60 }));
    for (const t of made) tokens.verify(t);
    expect(tokens.size).toBe(VERIFIED_MAX);
    tokens.verify(made[VERIFIED_MAX]);
    expect(verified).toHaveBeenCalledTimes(VERIFIED_MAX + 1);
    tokens.verify(made[0]);
    expect(verified).toHaveBeenCalledTimes(VERIFIED_MAX + 2);
  });
});
