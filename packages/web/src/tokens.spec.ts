import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REGISTRO_STATUSES } from '@veritas/common';
import { cssVariables, statusColors } from './tokens';

/** The custom properties tokens.css declares on :root, in order. */
function declared(): Map<string, string> {
  const css = readFileSync(path.join(__dirname, 'tokens.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const vars = new Map<string, string>();
  for (const match of css.matchAll(/(--[a-z0-9-]+)\s*:\s*([^;]+);/g)) vars.set(match[1], match[2].trim());
  return vars;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('design tokens', () => {
  it('tokens.css declares exactly the values of tokens.ts', () => {
    expect(Object.fromEntries(declared())).toEqual(cssVariables());
  });

  it('has a badge colour pair for every registro status, readable (WCAG AA)', () => {
    expect(Object.keys(statusColors).sort()).toEqual([...REGISTRO_STATUSES].sort());
    for (const { fg, bg } of Object.values(statusColors)) expect(contrast(fg, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps text colours readable on white and on their notice backgrounds', () => {
    const v = cssVariables();
    for (const name of ['--navy', '--ink', '--muted', '--danger', '--success']) expect(contrast(v[name], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(v['--danger'], v['--danger-bg'])).toBeGreaterThanOrEqual(4.5);
    expect(contrast(v['--success'], v['--success-bg'])).toBeGreaterThanOrEqual(4.5);
  });
});
