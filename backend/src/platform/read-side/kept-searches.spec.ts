import type { DataVersions } from './data-versions';
import { KeptSearches } from './kept-searches';

describe('KeptSearches', () => {
  /** Versions whose sum is `current`, noting the tables each read asked for. */
  const versoes = (enabled: boolean, current = '5') => {
    const v = { enabled, current, asked: [] as string[][], sumOf: async (t: readonly string[]) => (v.asked.push([...t]), v.current) };
    return v;
  };

  it('keeps a term\'s hits under the version given, reads the version of its own tables, and drops the least recently used', async () => {
    const v = versoes(true);
    const kept = new KeptSearches<string[] | null>(v as unknown as DataVersions, ['registros', 'clientes'], 2);
    expect(kept.get('padaria')).toBeUndefined();
    expect(await kept.version()).toBe('5');
    expect(v.asked).toEqual([['registros', 'clientes']]);
    kept.set('padaria', '5', ['c1']);
    kept.set('estrela', '5', null);
    expect(kept.get('padaria')).toEqual({ version: '5', value: ['c1'] });
    // 'estrela' is now the least recently used: a third term drops it.
    kept.set('joão', '6', []);
    expect(kept.get('estrela')).toBeUndefined();
    expect(kept.get('padaria')?.value).toEqual(['c1']);
    expect(kept.get('joão')).toEqual({ version: '6', value: [] });
    // No version, nothing kept.
    kept.set('nada', null, ['c2']);
    expect(kept.get('nada')).toBeUndefined();
  });

  it('keeps nothing and reads no version while versions are off', async () => {
    const v = versoes(false);
    const kept = new KeptSearches<string[]>(v as unknown as DataVersions, ['clientes'], 10);
    expect(await kept.version()).toBeNull();
    kept.set('padaria', '5', ['c1']);
    expect(kept.get('padaria')).toBeUndefined();
    expect(v.asked).toEqual([]);
  });
});
