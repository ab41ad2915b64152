import { defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** react-admin's light theme with the sidebar of §2.10: 240 px open, 70 px closed. */
export const panelTheme: RaThemeOptions = {
  ...defaultLightTheme,
  sidebar: { width: 240, closedWidth: 70 },
};
