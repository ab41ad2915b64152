import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { auditKeyId } from './audit-key';
import { rotateKeptAuditKey } from './rotate-key';

describe('rotateKeptAuditKey (npm run audit:rotate-key)', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-rotate-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('retires the kept key to the keyring (kept after earlier ones) and writes a new one, both 0600', () => {
    fs.writeFileSync(path.join(dir, 'audit-key'), `${'a'.repeat(64)}\n`, { mode: 0o600 });
    const first = rotateKeptAuditKey(dir);
    const second = rotateKeptAuditKey(dir);
    const key = fs.readFileSync(path.join(dir, 'audit-key'), 'utf8').trim();
    const ring = fs.readFileSync(path.join(dir, 'audit-keyring'), 'utf8').trim().split('\n');
    expect(ring[0]).toBe('a'.repeat(64));
    expect(ring).toHaveLength(2);
    expect(new Set([...ring, key]).size).toBe(3);
    expect(key.length).toBeGreaterThanOrEqual(32);
    expect(first).toEqual({ from: auditKeyId('a'.repeat(64)), to: auditKeyId(ring[1]) });
    expect(second).toEqual({ from: auditKeyId(ring[1]), to: auditKeyId(key) });
    for (const f of ['audit-key', 'audit-keyring']) expect(fs.statSync(path.join(dir, f)).mode & 0o077).toBe(0);
    expect(fs.readdirSync(dir).sort()).toEqual(['audit-key', 'audit-keyring']);
  });

  it('refuses a DATA_DIR without a key (nothing to rotate), creating nothing', () => {
    expect(() => rotateKeptAuditKey(dir)).toThrow(/Não há chave/);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('names a key by an id that is stable, 16 hex, and differs between keys', () => {
    expect(auditKeyId('x'.repeat(32))).toMatch(/^[0-9a-f]{16}$/);
    expect(auditKeyId('x'.repeat(32))).toBe(auditKeyId('x'.repeat(32)));
    expect(auditKeyId('x'.repeat(32))).not.toBe(auditKeyId('y'.repeat(32)));
  });
});
