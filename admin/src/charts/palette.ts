import { chartColors, colors } from '@veritas/web';

/**
 * Series colours of every chart: the tokens' chart palettes, the firm's navy and gold first. Each
 * stands at least 3:1 against the card it is drawn on (WCAG 1.4.11, non-text contrast) — white in
 * the light theme, the dark navy paper in the dark one — and the legend names every series in text
 * too. palette.spec.ts measures them.
 */
export const CHART_PALETTES = chartColors;

/** The card each palette is drawn on. */
export const CHART_BACKGROUNDS = { light: colors.surface, dark: colors.navyDark } as const;
