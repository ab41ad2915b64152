import { useEffect, useRef, type ReactNode } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';
import { AppBar, Layout, Loading, LoadingIndicator, TitlePortal, ToggleThemeButton, useSidebarState } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { canOpenScreen, readSession, setSidebarOpen } from '@veritas/common';
import { NoPermission } from './Restricted';
import { PanelMenu } from './PanelMenu';
import { SimulationSelector } from './SimulationSelector';
import { useUserType } from './useUserType';

/**
 * The sidebar is open unless `sidebarIsOpen` says 'false' (§2.10, §3.1). On a phone it is a
 * drawer over the page, closed at start, and its state there is not remembered.
 */
function useRememberedSidebar() {
  const [open, setOpen] = useSidebarState();
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const restored = useRef(false);
  useEffect(() => {
    if (isXSmall) return;
    if (!restored.current) {
      restored.current = true;
      const remembered = readSession(window.localStorage).sidebarIsOpen;
      if (remembered !== open) setOpen(remembered);
      return;
    }
    setSidebarOpen(window.localStorage, open);
  }, [open, isXSmall, setOpen]);
}

function PanelAppBar() {
  return (
    <AppBar
      toolbar={
        <>
          <SimulationSelector />
          <ToggleThemeButton />
          <LoadingIndicator />
        </>
      }
    >
      {/* At 360 px the title wraps instead of being cut ("Dashb…"). */}
      <TitlePortal sx={{ whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', lineHeight: 1.2, fontSize: { xs: '1rem', sm: '1.25rem' }, minWidth: 0 }} />
    </AppBar>
  );
}

/**
 * Every screen of the panel, reached by the menu or typed in the address bar, is checked against
 * the one access table (canOpenScreen, the same rule the menu follows): a screen the person may not
 * use says so instead of showing controls the server would refuse.
 */
function ScreenGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { principal, isPending } = useUserType();
  if (isPending) return <Loading />;
  const path = pathname.startsWith('/painel') ? pathname : `/painel${pathname}`;
  return canOpenScreen(principal, path) ? <>{children}</> : <NoPermission />;
}

/** The panel's layout (§2.10): react-admin's, with our app bar and menu. */
export function PanelLayout({ children }: { children: ReactNode }) {
  useRememberedSidebar();
  return (
    <Layout appBar={PanelAppBar} menu={PanelMenu}>
      <ScreenGuard>{children}</ScreenGuard>
    </Layout>
  );
}
