import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { colors, fonts } from '@veritas/web';

/*
 * The panel's themes from the firm's design tokens (@veritas/web): navy for the frame and primary
 * actions, gold for secondary accents; react-admin's light and dark themes underneath, with the
 * sidebar of §2.10 (240 px open, 70 px closed). The app bar's toggle switches them (react-admin
 * remembers the choice in its store).
 */
const shared = {
  sidebar: { width: 240, closedWidth: 70 },
  typography: { fontFamily: fonts.sans },
  shape: { borderRadius: 8 },
} as const;

/** The sidebar's width (§2.10): the menu draws itself at it and the layout keeps it room. */
export const sidebarWidth = (open: boolean): number => (open ? shared.sidebar.width : shared.sidebar.closedWidth);

export const panelTheme: RaThemeOptions = {
  ...defaultLightTheme,
  ...shared,
  palette: {
    mode: 'light',
    primary: { main: colors.navy, dark: colors.navyDark, contrastText: '#ffffff' },
    secondary: { main: colors.gold, light: colors.goldLight, contrastText: colors.navyDark },
    error: { main: colors.danger },
    success: { main: colors.success },
    background: { default: colors.bgSoft, paper: colors.surface },
    text: { primary: colors.ink, secondary: colors.muted },
    divider: colors.line,
  },
  components: {
    ...defaultLightTheme.components,
    // The frame in navy with a gold rule: the firm's colours, as on the site and the portal.
    MuiAppBar: { styleOverrides: { colorSecondary: { backgroundColor: colors.navy, color: '#ffffff', borderBottom: `3px solid ${colors.gold}` } } },
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
    background: { default: '#0b1626', paper: colors.navyDark },
  },
  components: {
    ...defaultDarkTheme.components,
    MuiAppBar: { styleOverrides: { colorSecondary: { backgroundColor: colors.navyDark, color: '#ffffff', borderBottom: `3px solid ${colors.gold}` } } },
  },
};
