import { HEAP_GROWING_PERCENT, steadyHeapGrowth } from './heap-growth';

describe('steadyHeapGrowth', () => {
  it('fixes V8’s heap growing factor at startup', () => {
    const set = jest.fn();
    expect(steadyHeapGrowth([], set)).toBe(true);
    expect(set).toHaveBeenCalledWith(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  });

  it('leaves an operator’s own --heap-growing-percent alone', () => {
    const set = jest.fn();
    expect(steadyHeapGrowth(['--heap-growing-percent=30'], set)).toBe(false);
    expect(steadyHeapGrowth(['--max-old-space-size=512', '--heap_growing_percent', '30'], set)).toBe(false);
    expect(set).not.toHaveBeenCalled();
  });

  it('is a flag this Node’s V8 knows (an unknown one would be ignored without a word)', () => {
    const { execFileSync } = jest.requireActual<typeof import('node:child_process')>('node:child_process');
    const out = execFileSync(process.execPath, ['--v8-options'], { encoding: 'utf8' });
    expect(out).toMatch(/--heap-growing-percent\b/);
  });
});
