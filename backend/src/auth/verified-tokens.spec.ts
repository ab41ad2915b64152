import * as jwt from 'jsonwebtoken';
import { Strategy } from 'passport-jwt';
import { installKeptVerifier, keepVerified } from './verified-tokens';

describe('keepVerified (a token verified once, its expiry checked on each use)', () => {
  const secret = 'segredo-de-teste-com-tamanho-suficiente';
  const options = { algorithms: ['HS256'] };
  const verify = (v: ReturnType<typeof keepVerified>, token: string, key: unknown = secret, opts: unknown = options) =>
    new Promise<{ err: Error | null; payload?: Record<string, unknown> }>((resolve) => v(token, key, opts, (err, payload) => resolve({ err, payload })));
  let calls: number;
  const counted = () => {
    calls = 0;
    return keepVerified((token, key, opts, done) => {
      calls++;
      jwt.verify(token, key as string, opts as jwt.VerifyOptions, (err, payload) => done(err, payload as Record<string, unknown>));
    }, 3);
  };

  afterEach(() => jest.useRealTimers());

  it('verifies a token once, then answers its payload while it lasts', async () => {
    const v = counted();
    const token = jwt.sign({ sub: 'u1', role: 'user' }, secret, { expiresIn: 60 });
    expect((await verify(v, token)).payload).toMatchObject({ sub: 'u1', role: 'user' });
    expect((await verify(v, token)).payload).toMatchObject({ sub: 'u1', role: 'user' });
    expect(calls).toBe(1);
  });

  it('refuses a kept token once it expires, as jsonwebtoken would', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-28T12:00:00Z') });
    const v = counted();
    const token = jwt.sign({ sub: 'u1' }, secret, { expiresIn: 10 });
    expect((await verify(v, token)).err).toBeNull();
    jest.setSystemTime(new Date('2026-11-28T12:00:09Z'));
    expect((await verify(v, token)).err).toBeNull();
    jest.setSystemTime(new Date('2026-11-28T12:00:10Z'));
    const late = await verify(v, token);
    expect(late.err?.name).toBe('TokenExpiredError');
    expect(calls).toBe(2);
  });

  it('verifies again with another key or options, and never keeps a failure', async () => {
    const v = counted();
    const token = jwt.sign({ sub: 'u1' }, secret, { expiresIn: 60 });
    expect((await verify(v, token)).err).toBeNull();
    expect((await verify(v, token, 'outro-segredo-qualquer-de-teste')).err?.name).toBe('JsonWebTokenError');
    const forged = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    expect((await verify(v, forged)).err).not.toBeNull();
    expect((await verify(v, forged)).err).not.toBeNull();
    expect((await verify(v, token, secret, { algorithms: ['HS512'] })).err).not.toBeNull();
    expect(calls).toBe(5);
  });

  it('keeps at most `max` tokens, the least recently used dropped first', async () => {
    const v = counted();
    const tokens = ['a', 'b', 'c', 'd'].map((sub) => jwt.sign({ sub }, secret, { expiresIn: 60 }));
    for (const t of tokens) await verify(v, t);
    expect(v.kept.size).toBe(3);
    await verify(v, tokens[0]);
    expect(calls).toBe(5);
  });

  it("is installed once on passport-jwt's verifier hook", () => {
    installKeptVerifier();
    const hook = (Strategy as unknown as { JwtVerifier: unknown }).JwtVerifier;
    installKeptVerifier();
    expect((Strategy as unknown as { JwtVerifier: unknown }).JwtVerifier).toBe(hook);
    expect((hook as { keepsVerified?: boolean }).keepsVerified).toBe(true);
  });
});
