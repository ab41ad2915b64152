/*
 * The firm's design tokens, written once: packages/web/src/tokens.css declares the same values as
 * CSS custom properties for the portal and the site (tokens.spec.ts keeps the two equal), and the
 * panel's MUI theme reads them from here.
 */
import type { RegistroStatus } from '@veritas/common';

export const colors = {
  navy: '#14365c',
  navyDark: '#0d2540',
  gold: '#b8892b',
  goldLight: '#d9b45a',
  ink: '#1f2933',
  muted: '#52606d',
  line: '#d9e2ec',
  fieldBorder: '#9aa5b1',
  bgSoft: '#f4f7fb',
  surface: '#ffffff',
  danger: '#b42318',
  dangerBg: '#fef3f2',
  success: '#166534',
  successBg: '#e3f6e8',
  whatsapp: '#0b7a3e',
} as const;

/** A registro's status badge: text on background, each pair above 4.5:1 (WCAG AA). */
export const statusColors: Readonly<Record<RegistroStatus, { fg: string; bg: string }>> = {
  pendente: { fg: '#6e4a00', bg: '#fff1cc' },
  andamento: { fg: '#173f80', bg: '#dde9ff' },
  concluido: { fg: '#145228', bg: '#d9f2e0' },
  recusado: { fg: '#8a1414', bg: '#fde0e0' },
  cancelado: { fg: '#3e4752', bg: '#e6e9ee' },
};

export const space = {
  xs: '0.25rem',
  sm: '0.5rem',
  md: '1rem',
  lg: '1.5rem',
  xl: '2rem',
  xxl: '3rem',
} as const;

export const radius = {
  sm: '6px',
  md: '8px',
  pill: '999px',
} as const;

export const fonts = {
  sans: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
} as const;

export const layout = {
  maxWidth: '1200px',
} as const;

export const tokens = { colors, statusColors, space, radius, fonts, layout } as const;

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/**
 * Every token as the custom property tokens.css declares: `--navy`, `--gold-light`,
 * `--status-pendente-fg`, `--space-md`, `--radius-md`, `--font-sans`, `--max-width`.
 */
export function cssVariables(): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [name, value] of Object.entries(colors)) vars[`--${kebab(name)}`] = value;
  for (const [status, pair] of Object.entries(statusColors)) {
    vars[`--status-${status}-fg`] = pair.fg;
    vars[`--status-${status}-bg`] = pair.bg;
  }
  for (const [name, value] of Object.entries(space)) vars[`--space-${name}`] = value;
  for (const [name, value] of Object.entries(radius)) vars[`--radius-${name}`] = value;
  vars['--radius'] = radius.md;
  for (const [name, value] of Object.entries(fonts)) vars[`--font-${name}`] = value;
  vars['--max-width'] = layout.maxWidth;
  return vars;
}
