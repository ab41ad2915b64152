import { auditHash, auditMac, diffOf, diffText, GENESIS_HASH, type AuditContent } from './audit-hash';

const entry: AuditContent = {
  seq: 1,
  em: new Date('2026-11-24T12:00:00.000Z'),
  atorTipo: 'user',
  atorId: 'u1',
  atorEmail: 'ana@veritas.com.br',
  atorNome: 'Ana',
  ip: '127.0.0.1',
  requestId: 'r1',
  acao: 'cliente.update',
  entidade: 'clientes',
  entidadeId: 'c1',
  diff: '{"cidade":["São Paulo","Campinas"]}',
  prevHash: GENESIS_HASH,
};

describe('auditMac', () => {
  it('is an HMAC-SHA-256 of the same canonical content: another key, or no key, gives another value', () => {
    const mac = auditMac('k'.repeat(32), entry);
    expect(mac).toMatch(/^[0-9a-f]{64}$/);
    expect(auditMac('k'.repeat(32), { ...entry, em: '2026-11-24T12:00:00Z' })).toBe(mac);
    expect(auditMac('j'.repeat(32), entry)).not.toBe(mac);
    expect(auditHash(entry)).not.toBe(mac);
    expect(auditMac('k'.repeat(32), { ...entry, atorEmail: 'outra@veritas.com.br' })).not.toBe(mac);
  });
});

describe('auditHash', () => {
  it('is the SHA-256 of the canonical JSON (sorted keys), whatever the order of the fields given', () => {
    const h = auditHash(entry);
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    const reversed = Object.fromEntries(Object.entries(entry).reverse()) as unknown as AuditContent;
    expect(auditHash(reversed)).toBe(h);
    // Known value: a change in the canonical form or the algorithm breaks every stored chain.
    expect(h).toBe(auditHash({ ...entry, em: '2026-11-24T12:00:00Z' }));
  });

  it('reads the time to the second and seq as a number (as both databases give them back)', () => {
    expect(auditHash({ ...entry, em: new Date('2026-11-24T12:00:00.999Z') })).toBe(auditHash(entry));
    expect(auditHash({ ...entry, seq: '1' as unknown as number })).toBe(auditHash(entry));
  });

  it.each<[string, Partial<AuditContent>]>([
    ['seq', { seq: 2 }],
    ['time', { em: new Date('2026-11-24T12:00:01Z') }],
    ['actor', { atorId: 'u2' }],
    ['address', { ip: '10.0.0.1' }],
    ['action', { acao: 'cliente.create' }],
    ['entity id', { entidadeId: 'c2' }],
    ['diff', { diff: '{"cidade":["São Paulo","Santos"]}' }],
    ['previous hash', { prevHash: 'f'.repeat(64) }],
    ['null vs empty', { atorNome: '' }],
    ['client context', { clienteId: 'c1' }],
    ['registro context', { registroId: 'r9' }],
  ])('changes when the %s changes', (_label, change) => {
    expect(auditHash({ ...entry, ...change })).not.toBe(auditHash(entry));
  });

  it('hashes an entry without context (written before the context columns) as it was hashed then', () => {
    expect(auditHash({ ...entry, clienteId: null, registroId: null })).toBe(auditHash(entry));
    expect(auditHash({ ...entry, clienteId: 'c1' })).not.toBe(auditHash({ ...entry, clienteId: 'c2' }));
  });
});

describe('diffOf / diffText', () => {
  it('keeps only the fields that changed, dates as ISO text, and hides passwords, hashes and tokens', () => {
    const d = diffOf(
      { nome: 'A', cidade: 'SP', passwordHash: 'h1', tokenHash: null, updatedAt: new Date(1), quando: new Date('2026-01-01T00:00:00Z') },
      { nome: 'A', cidade: 'RJ', passwordHash: 'h2', tokenHash: 'x', updatedAt: new Date(2), quando: new Date('2026-01-02T00:00:00Z') },
    );
    expect(d).toEqual({
      cidade: ['SP', 'RJ'],
      passwordHash: ['[oculto]', '[oculto]'],
      tokenHash: [null, '[oculto]'],
      quando: ['2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z'],
    });
    expect(diffOf({ a: 1 }, { a: 1 })).toBeNull();
  });

  it('stores canonical text and redacts denied keys given by hand', () => {
    expect(diffText({ b: [1, 2], a: [null, 'x'], senha: ['velha', 'nova'], apiSecret: 'abc' })).toBe('{"a":[null,"x"],"apiSecret":"[oculto]","b":[1,2],"senha":["[oculto]","[oculto]"]}');
    expect(diffText({})).toBeNull();
  });
});
