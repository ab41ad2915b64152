import { HEAP_FLAGS, HEAP_GROWING_PERCENT, heapFlags } from './heap-growth';

describe('heapFlags', () => {
  it('fixes V8’s heap growing factor and turns allocation-site pretenuring off at startup', () => {
    const set = jest.fn();
    expect(heapFlags([], set)).toEqual([`--heap-growing-percent=${HEAP_GROWING_PERCENT}`, '--no-allocation-site-pretenuring']);
    expect(set.mock.calls).toEqual([[`--heap-growing-percent=${HEAP_GROWING_PERCENT}`], ['--no-allocation-site-pretenuring']]);
  });

  it('leaves each flag the operator gave alone, in either spelling or negated', () => {
    const set = jest.fn();
    expect(heapFlags(['--heap-growing-percent=30'], set)).toEqual(['--no-allocation-site-pretenuring']);
    expect(heapFlags(['--max-old-space-size=512', '--heap_growing_percent', '30'], set)).toEqual(['--no-allocation-site-pretenuring']);
    expect(heapFlags(['--allocation-site-pretenuring'], set)).toEqual([`--heap-growing-percent=${HEAP_GROWING_PERCENT}`]);
    expect(heapFlags(['--no_allocation_site_pretenuring', '--heap-growing-percent=0'], set)).toEqual([]);
    expect(set.mock.calls).toEqual([['--no-allocation-site-pretenuring'], ['--no-allocation-site-pretenuring'], [`--heap-growing-percent=${HEAP_GROWING_PERCENT}`]]);
  });

  it('does not take a longer flag for one of its own', () => {
    expect(heapFlags(['--heap-growing-percent-max=3', '--allocation-site-pretenuring-extra'], jest.fn())).toHaveLength(2);
  });

  it('sets flags this Node’s V8 knows (an unknown one would be ignored without a word)', () => {
    const { execFileSync } = jest.requireActual<typeof import('node:child_process')>('node:child_process');
    const out = execFileSync(process.execPath, ['--v8-options'], { encoding: 'utf8' });
    for (const { name } of HEAP_FLAGS) expect(out).toMatch(new RegExp(`--${name}\\b`));
  });

  it('stops V8’s pretenuring decisions when set in a running process, as main() sets it', () => {
    const { execFileSync } = jest.requireActual<typeof import('node:child_process')>('node:child_process');
    // Literals whose objects all survive young collections: V8 decides to allocate them old ("=> tenure").
    const script = (off: boolean) =>
      `${off ? "require('v8').setFlagsFromString('--no-allocation-site-pretenuring');" : ''}` +
      'const kept = []; const make = (i) => ({ a: { i }, b: [i, "x"] });' +
      'for (let i = 0; i < 2000000; i++) kept.push(make(i)); console.log(kept.length);';
    const decisions = (off: boolean) =>
      execFileSync(process.execPath, ['--trace-pretenuring', '--trace-pretenuring-statistics', '-e', script(off)], { encoding: 'utf8', maxBuffer: 16 << 20 })
        .split('\n')
        .filter((l) => /=> tenure/.test(l)).length;
    expect(decisions(false)).toBeGreaterThan(0);
    expect(decisions(true)).toBe(0);
  });
});
