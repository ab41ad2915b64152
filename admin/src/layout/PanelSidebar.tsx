import { lazy, Suspense, type ReactNode } from 'react';
import { styled, useMediaQuery, useScrollTrigger, type Theme } from '@mui/material';
import { useSidebarState } from 'react-admin';
import { sidebarWidth } from './theme';

// On a phone the menu is a drawer over the page (MUI's modal, focus trap and backdrop): it loads
// after the first screen, while the drawer is still closed.
const PhoneDrawer = lazy(() => import('./PhoneDrawer'));

const Docked = styled('div')(({ theme }) => ({
  height: 'calc(100vh - 3em)',
  flexShrink: 0,
  transition: theme.transitions.create(['margin', 'width'], { easing: theme.transitions.easing.easeOut, duration: theme.transitions.duration.enteringScreen }),
  // With the app bar hidden by scrolling, the menu moves up with it (as react-admin's Sidebar).
  '&.collapsed': {
    marginTop: theme.spacing(-6),
    transition: theme.transitions.create('margin', { easing: theme.transitions.easing.sharp, duration: theme.transitions.duration.leavingScreen }),
  },
  '& > .fixed': {
    position: 'fixed',
    height: 'calc(100vh - 3em)',
    overflowX: 'hidden',
    scrollbarWidth: 'none',
    '&::-webkit-scrollbar': { display: 'none' },
  },
}));

/**
 * The panel's sidebar (react-admin's `<Sidebar>`): beside the content from a tablet up — the menu
 * sets its own width, 240 px open and 70 closed (§2.10) — and a temporary drawer on a phone.
 * react-admin's draws the docked menu inside MUI's Drawer too, which puts the modal machinery in
 * the first load of every screen size.
 */
export function PanelSidebar({ children }: { children: ReactNode }) {
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useSidebarState();
  const appBarHidden = useScrollTrigger();
  if (isXSmall) {
    return (
      <Suspense fallback={null}>
        <PhoneDrawer open={open} onClose={() => setOpen(false)}>
          {children}
        </PhoneDrawer>
      </Suspense>
    );
  }
  return (
    // The menu inside is fixed (it stays while the page scrolls): this box keeps its room in the row.
    <Docked className={appBarHidden ? 'collapsed' : undefined} sx={{ width: sidebarWidth(open) }}>
      <div className="fixed">{children}</div>
    </Docked>
  );
}
