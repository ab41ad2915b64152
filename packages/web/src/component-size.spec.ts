/*
 * Components a reader can hold (issue 51): no .tsx file of the three apps over 250 lines. A screen
 * that grows past it is split into parts in its folder (its cells, dialogs, forms, a hook for its
 * state), never excepted here.
 */
import { APP_SOURCES, sourceFiles } from './sources';

const MAX_LINES = 250;

/** Lines as `wc -l` counts them (a final newline ends the last line, it does not start another). */
function lineCount(text: string): number {
  if (!text) return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

describe('components under 250 lines', () => {
  it.each(APP_SOURCES)('every .tsx in %s', (dir) => {
    const files = sourceFiles(dir, ['.tsx']);
    expect(files.length).toBeGreaterThan(5);
    const long = files.filter((f) => lineCount(f.text) > MAX_LINES).map((f) => `${f.file}: ${lineCount(f.text)} linhas`);
    expect(long).toEqual([]);
  });

  it('counts lines as wc -l does', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(2);
    expect(lineCount(`${'x\n'.repeat(MAX_LINES + 1)}`)).toBeGreaterThan(MAX_LINES);
  });
});
