import { open, seal } from './secret-box';

const KEY = 'k'.repeat(40);

describe('secret-box (the relay password at rest, ADR 0055)', () => {
  it('opens what it sealed, and the sealed form holds no plaintext', () => {
    const sealed = seal(KEY, 'email_saida.senha', 'senha-do-relay çã 🔑');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('senha');
    expect(open(KEY, 'email_saida.senha', sealed)).toBe('senha-do-relay çã 🔑');
  });

  it('each sealing differs (a fresh IV)', () => {
    expect(seal(KEY, 'p', 'x')).not.toBe(seal(KEY, 'p', 'x'));
  });

  it('another key, another purpose or an altered byte open nothing', () => {
    const sealed = seal(KEY, 'email_saida.senha', 'segredo');
    expect(open('z'.repeat(40), 'email_saida.senha', sealed)).toBeNull();
    expect(open(KEY, 'outra.coisa', sealed)).toBeNull();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3], 'base64url');
    body[0] ^= 1;
    expect(open(KEY, 'email_saida.senha', [parts[0], parts[1], parts[2], body.toString('base64url')].join('.'))).toBeNull();
    expect(open(KEY, 'email_saida.senha', 'texto-puro')).toBeNull();
    expect(open(KEY, 'email_saida.senha', 'v1...')).toBeNull();
  });
});
