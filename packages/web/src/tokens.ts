/*
 * The firm's design tokens, written once: packages/web/src/tokens.css declares the same values as
 * CSS custom properties for the portal and the site (tokens.spec.ts keeps the two equal), and the
 * panel's MUI theme reads them from here.
 */
import type { RegistroStatus } from '@veritas/common';

export const colors = {
  navy: '#14365c',
  navyDark: '#0d2540',
  /** The panel's dark theme ground, below navyDark's cards. */
  navyDeep: '#0b1626',
  gold: '#b8892b',
  goldLight: '#d9b45a',
  /** goldLight under the pointer. */
  goldHover: '#e6c476',
  ink: '#1f2933',
  muted: '#52606d',
  line: '#d9e2ec',
  fieldBorder: '#9aa5b1',
  bgSoft: '#f4f7fb',
  surface: '#ffffff',
  /** Text and icons on navy grounds (the app bar, the footer, primary buttons). */
  onDark: '#ffffff',
  /** Secondary text on navy grounds. */
  onDarkMuted: '#d9e2ec',
  /** A control's border on navy grounds (3:1 against navy, WCAG 1.4.11). */
  onDarkLine: 'rgba(255, 255, 255, 0.5)',
  /** A rule or a hover fill on navy grounds. */
  onDarkSubtle: 'rgba(255, 255, 255, 0.15)',
  /** Behind a dialog. */
  overlay: 'rgba(13, 37, 64, 0.55)',
  danger: '#b42318',
  dangerBg: '#fef3f2',
  success: '#166534',
  successBg: '#e3f6e8',
  /** What waits on someone (a pending registro, something new). */
  attention: '#6e4a00',
  attentionBg: '#fff1cc',
  whatsapp: '#0b7a3e',
  whatsappDark: '#086332',
} as const;

/** A registro's status badge: text on background, each pair above 4.5:1 (WCAG AA). */
export const statusColors: Readonly<Record<RegistroStatus, { fg: string; bg: string }>> = {
  pendente: { fg: colors.attention, bg: colors.attentionBg },
  andamento: { fg: '#173f80', bg: '#dde9ff' },
  concluido: { fg: '#145228', bg: '#d9f2e0' },
  recusado: { fg: '#8a1414', bg: '#fde0e0' },
  cancelado: { fg: '#3e4752', bg: '#e6e9ee' },
};

/**
 * The charts' series, the firm's navy and gold first, each at least 3:1 against the card it is
 * drawn on (WCAG 1.4.11): white in the light theme, navyDark in the dark one.
 */
export const chartColors = {
  light: [colors.navy, '#9a6b10', '#2f7d4f', '#8a3b8f'],
  dark: ['#8fb3e0', colors.goldLight, '#6cc28f', '#d69ad9'],
} as const;

/**
 * The panel's calendar: one colour per kind of item (the legend says them in words, so the colour is
 * never the only sign), and the mark of an item whose responsável is away.
 */
export const agendaColors = {
  evento: '#1565c0',
  'prazo-registro': '#b45309',
  'prazo-etapa': '#2e7d32',
  'prazo-exigencia': '#6a1b9a',
  cobranca: '#00695c',
  feriado: '#616161',
  ausente: '#b71c1c',
} as const;

/** The mailbox's star and importance marks. */
export const markColor = '#f4b400';

/** Spacing in steps of a quarter rem: `space[4]` is 1rem (the panel's MUI spacing unit is `space[2]`). */
export const space = {
  1: '0.25rem',
  2: '0.5rem',
  3: '0.75rem',
  4: '1rem',
  5: '1.25rem',
  6: '1.5rem',
  8: '2rem',
  10: '2.5rem',
  12: '3rem',
  16: '4rem',
  20: '5rem',
} as const;

export const radius = {
  sm: '6px',
  md: '8px',
  lg: '12px',
  pill: '999px',
  round: '50%',
} as const;

/** Elevation, in the navy of the frame: resting (a header, a card), raised (a card under the pointer, a menu), a dialog. */
export const shadows = {
  sm: '0 1px 4px rgba(13, 37, 64, 0.1)',
  md: '0 8px 24px rgba(13, 37, 64, 0.12)',
  lg: '0 10px 40px rgba(13, 37, 64, 0.3)',
} as const;

export const fonts = {
  sans: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
} as const;

export const layout = {
  maxWidth: '1200px',
} as const;

export const tokens = { colors, statusColors, chartColors, agendaColors, markColor, space, radius, shadows, fonts, layout } as const;

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/**
 * Every token as the custom property tokens.css declares: `--navy`, `--gold-light`,
 * `--status-pendente-fg`, `--chart-light-1`, `--space-4`, `--radius-md`, `--shadow-sm`,
 * `--font-sans`, `--max-width`.
 */
export function cssVariables(): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [name, value] of Object.entries(colors)) vars[`--${kebab(name)}`] = value;
  for (const [status, pair] of Object.entries(statusColors)) {
    vars[`--status-${status}-fg`] = pair.fg;
    vars[`--status-${status}-bg`] = pair.bg;
  }
  for (const [mode, series] of Object.entries(chartColors)) series.forEach((value, i) => (vars[`--chart-${mode}-${i + 1}`] = value));
  for (const [name, value] of Object.entries(space)) vars[`--space-${name}`] = value;
  for (const [name, value] of Object.entries(radius)) vars[`--radius-${name}`] = value;
  for (const [name, value] of Object.entries(shadows)) vars[`--shadow-${name}`] = value;
  for (const [name, value] of Object.entries(fonts)) vars[`--font-${name}`] = value;
  vars['--max-width'] = layout.maxWidth;
  return vars;
}
