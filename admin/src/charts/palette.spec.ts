import { contrast } from '@veritas/web';
import { CHART_BACKGROUNDS, CHART_PALETTES } from './palette';

describe('chart palettes', () => {
  it.each((['light', 'dark'] as const).flatMap((mode) => CHART_PALETTES[mode].map((c) => [mode, c])))('%s: %s stands ≥ 3:1 against its card', (mode, c) => {
    expect(contrast(c, CHART_BACKGROUNDS[mode as 'light' | 'dark'])).toBeGreaterThanOrEqual(3);
  });
});
