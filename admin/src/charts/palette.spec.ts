import { CHART_BACKGROUNDS, CHART_PALETTES, contrast } from './palette';

describe('chart palettes', () => {
  it.each((['light', 'dark'] as const).flatMap((mode) => CHART_PALETTES[mode].map((c) => [mode, c])))('%s: %s stands ≥ 3:1 against its card', (mode, c) => {
    expect(contrast(c, CHART_BACKGROUNDS[mode as 'light' | 'dark'])).toBeGreaterThanOrEqual(3);
  });

  it('measures contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});
