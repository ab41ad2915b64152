import { colors } from '@veritas/web';

/**
 * Series colours of every chart: the firm's navy and gold first, then two more. Each stands at
 * least 3:1 against the card it is drawn on (WCAG 1.4.11, non-text contrast) — white in the light
 * theme, the dark navy paper in the dark one — and the legend names every series in text too.
 * palette.spec.ts measures them.
 */
export const CHART_PALETTES = {
  light: [colors.navy, '#9a6b10', '#2f7d4f', '#8a3b8f'],
  dark: ['#8fb3e0', colors.goldLight, '#6cc28f', '#d69ad9'],
} as const;

/** The card each palette is drawn on. */
export const CHART_BACKGROUNDS = { light: colors.surface, dark: colors.navyDark } as const;

/** Relative luminance (WCAG 2.x) of '#rrggbb'. */
export function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
