import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { ptBR } from '@mui/material/locale';
import { colors, fonts, radius, space } from '@veritas/web';

/*
 * The panel's themes from the firm's design tokens (@veritas/web): navy for the frame and primary
 * actions, gold for secondary accents; react-admin's light and dark themes underneath, with the
 * sidebar of §2.10 (240 px open, 70 px closed). The app bar's toggle switches them (react-admin
 * remembers the choice in its store).
 */
/** A token in rem or px as MUI's unitless px (the root font is 16px). */
const px = (length: string): number => parseFloat(length) * (length.endsWith('rem') ? 16 : 1);

/**
 * MUI's own texts in Portuguese (Autocomplete's "Abrir"/"Limpar", the table pagination, the
 * alerts' "Fechar") over react-admin's components, keeping react-admin's props beside them (issue 52:
 * an "Open" label in the panel).
 */
function withPtBR<C extends object>(components: C | undefined): C {
  const base = (components ?? {}) as Record<string, { defaultProps?: object }>;
  const merged: Record<string, unknown> = { ...base };
  for (const [name, own] of Object.entries(ptBR.components ?? {}) as [string, { defaultProps?: object }][]) {
    merged[name] = { ...base[name], defaultProps: { ...base[name]?.defaultProps, ...own.defaultProps } };
  }
  return merged as C;
}

const shared = {
  sidebar: { width: 240, closedWidth: 70 },
  typography: { fontFamily: fonts.sans },
  // sx's `p: 2` is two steps of space[2] (0.5rem): the same scale as the portal and the site.
  spacing: px(space[2]),
  shape: { borderRadius: px(radius.md) },
} as const;

/** The sidebar's width (§2.10): the menu draws itself at it and the layout keeps it room. */
export const sidebarWidth = (open: boolean): number => (open ? shared.sidebar.width : shared.sidebar.closedWidth);

export const panelTheme: RaThemeOptions = {
  ...defaultLightTheme,
  ...shared,
  palette: {
    mode: 'light',
    primary: { main: colors.navy, dark: colors.navyDark, contrastText: colors.onDark },
    secondary: { main: colors.gold, light: colors.goldLight, contrastText: colors.navyDark },
    error: { main: colors.danger },
    success: { main: colors.success },
    background: { default: colors.bgSoft, paper: colors.surface },
    text: { primary: colors.ink, secondary: colors.muted },
    divider: colors.line,
  },
  components: {
    ...withPtBR(defaultLightTheme.components),
    // The frame in navy with a gold rule: the firm's colours, as on the site and the portal.
    MuiAppBar: { styleOverrides: { colorSecondary: { backgroundColor: colors.navy, color: colors.onDark, borderBottom: `3px solid ${colors.gold}` } } },
  },
};

export const panelDarkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  ...shared,
  palette: {
    mode: 'dark',
    // On a dark ground navy has too little contrast: links and primary buttons take the light gold.
    primary: { main: colors.goldLight, contrastText: colors.navyDark },
    secondary: { main: colors.gold, contrastText: colors.navyDark },
    background: { default: colors.navyDeep, paper: colors.navyDark },
  },
  components: {
    ...withPtBR(defaultDarkTheme.components),
    MuiAppBar: { styleOverrides: { colorSecondary: { backgroundColor: colors.navyDark, color: colors.onDark, borderBottom: `3px solid ${colors.gold}` } } },
  },
};
