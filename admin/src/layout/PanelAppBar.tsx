import { AppBar, Box, CircularProgress, IconButton, Toolbar, useMediaQuery, type Theme } from '@mui/material';
import Brightness4Icon from '@mui/icons-material/Brightness4';
import Brightness7Icon from '@mui/icons-material/Brightness7';
import MenuIcon from '@mui/icons-material/Menu';
import RefreshIcon from '@mui/icons-material/Refresh';
import { HideOnScroll, TitlePortal, useLoading, useRefresh, useSidebarState, useTheme, useThemesContext, useTranslate } from 'react-admin';
import { AvisosBell } from './AvisosBell';
import { Hint } from './Hint';
import { SimulationSelector } from './SimulationSelector';
import { UserMenu } from './UserMenu';

function SidebarToggle() {
  const translate = useTranslate();
  const [open, setOpen] = useSidebarState();
  const label = translate(open ? 'ra.action.close_menu' : 'ra.action.open_menu');
  return (
    <Hint title={label} enterDelay={500}>
      <IconButton color="inherit" aria-label={label} onClick={() => setOpen(!open)} sx={{ mr: 0.5 }}>
        <MenuIcon sx={{ transition: 'transform 195ms', transform: open ? 'rotate(180deg)' : 'none' }} />
      </IconButton>
    </Hint>
  );
}

/** Light or dark (react-admin remembers the choice in its store), as its ToggleThemeButton. */
function ThemeToggle() {
  const translate = useTranslate();
  const { darkTheme, defaultTheme } = useThemesContext();
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const [theme, setTheme] = useTheme(defaultTheme || (prefersDark && darkTheme ? 'dark' : 'light'));
  const label = translate('ra.action.toggle_theme');
  return (
    <Hint title={label} enterDelay={300}>
      <IconButton color="inherit" aria-label={label} onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}>
        {theme === 'dark' ? <Brightness7Icon /> : <Brightness4Icon />}
      </IconButton>
    </Hint>
  );
}

/**
 * Refresh, replaced by a spinner while any query loads (react-admin's LoadingIndicator). On a
 * phone only the spinner: the app bar's room goes to the title.
 */
function LoadingRefresh() {
  const translate = useTranslate();
  const loading = useLoading();
  const refresh = useRefresh();
  const label = translate('ra.action.refresh');
  return (
    <Box sx={{ position: 'relative' }}>
      <Hint title={label}>
        <IconButton color="inherit" aria-label={label} onClick={() => refresh()} sx={{ opacity: loading ? 0 : 1, display: { xs: 'none', sm: 'inline-flex' } }}>
          <RefreshIcon />
        </IconButton>
      </Hint>
      {loading && (
        <CircularProgress className="app-loader" color="inherit" size={16} thickness={6} sx={{ position: { xs: 'static', sm: 'absolute' }, top: '30%', left: '30%', mx: { xs: 1, sm: 0 } }} />
      )}
    </Box>
  );
}

/**
 * The panel's app bar (§2.10): menu toggle, the page title, the master's simulation, the bell (issue 53), the theme,
 * refresh and the profile menu, in the firm's navy (theme: MuiAppBar colorSecondary). The parts of
 * react-admin's `<AppBar>` with our own buttons: its buttons wrap themselves in MUI's tooltip and
 * its profile menu in MUI's menu, which would put Popper.js and the menu kit in the first load.
 */
export function PanelAppBar() {
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <HideOnScroll>
      <AppBar color="secondary" className="RaAppBar-appBar">
        <Toolbar disableGutters variant={isXSmall ? 'regular' : 'dense'} sx={{ px: 1, minHeight: { md: 48 } }}>
          <SidebarToggle />
          {/* At 360 px the title wraps instead of being cut ("Dashb…"), on two lines at most (issue 52). */}
          <TitlePortal
            sx={{
              whiteSpace: 'normal',
              textOverflow: 'clip',
              lineHeight: 1.2,
              fontSize: { xs: '1rem', sm: '1.25rem' },
              minWidth: 0,
              display: '-webkit-box',
              WebkitBoxOrient: 'vertical',
              WebkitLineClamp: 2,
              // The cap holds even where the clamp does not reach the portal's content (the page's own
              // heading, just below, carries the whole title).
              maxHeight: '2.4em',
              overflow: 'hidden',
              overflowWrap: 'anywhere',
            }}
          />
          <SimulationSelector />
          <AvisosBell />
          <ThemeToggle />
          <LoadingRefresh />
          <UserMenu />
        </Toolbar>
      </AppBar>
    </HideOnScroll>
  );
}
