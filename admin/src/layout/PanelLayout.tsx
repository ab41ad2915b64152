import { Suspense, useState, type ErrorInfo, type ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { Button, styled, useMediaQuery, type Theme } from '@mui/material';
import { ErrorBoundary } from 'react-error-boundary';
import { Loading, useSidebarState, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { canOpenScreen, readSession, setSidebarOpen } from '@veritas/common';
import { NoPermission } from './Restricted';
import { PanelMenu } from './PanelMenu';
import { PanelAppBar } from './PanelAppBar';
import { PanelError } from './PanelError';
import { PanelSidebar } from './PanelSidebar';
import { MailBanner } from './MailBanner';
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

/** Focus moves to the content, past the app bar and the menu (react-admin's SkipNavigationButton). */
function skipToContent() {
  const element = document.getElementById('main-content');
  if (!element) return;
  element.setAttribute('tabIndex', '-1');
  element.focus();
  element.blur();
  element.removeAttribute('tabIndex');
}

/** The first stop of the keyboard, visible only when focused: "Ir para o conteúdo". */
function SkipLink() {
  const translate = useTranslate();
  return (
    <Button
      variant="contained"
      className="skip-nav-button"
      onClick={skipToContent}
      sx={{ position: 'fixed', left: 16, top: -80, zIndex: 5000, '&:focus': { top: 16 }, transition: 'top 200ms' }}
    >
      {translate('ra.navigation.skip_nav')}
    </Button>
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

/** react-admin's layout frame and its styles (RaLayout), as its `<Layout>` draws them. */
const LayoutClasses = { appFrame: 'RaLayout-appFrame', contentWithSidebar: 'RaLayout-contentWithSidebar', content: 'RaLayout-content' } as const;
const Frame = styled('div', { name: 'RaLayout', overridesResolver: (_props, styles) => styles.root })(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  zIndex: 1,
  minHeight: '100vh',
  backgroundColor: (theme.vars || theme).palette.background.default,
  position: 'relative',
  minWidth: 'fit-content',
  width: '100%',
  [`& .${LayoutClasses.appFrame}`]: {
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    marginTop: theme.spacing(6),
    [theme.breakpoints.down('sm')]: { marginTop: theme.spacing(7) },
  },
  [`& .${LayoutClasses.contentWithSidebar}`]: {
    display: 'flex',
    flexGrow: 1,
    transition: theme.transitions.create('margin', { easing: theme.transitions.easing.easeOut, duration: theme.transitions.duration.enteringScreen }),
  },
  [`& .${LayoutClasses.content}`]: {
    backgroundColor: (theme.vars || theme).palette.background.default,
    zIndex: 2,
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    flexBasis: 0,
    padding: 0,
    [theme.breakpoints.up('xs')]: { paddingRight: theme.spacing(1), paddingLeft: theme.spacing(1) },
  },
}));

/**
 * The panel's layout (§2.10), as Atomic CRM has its own: react-admin's frame — skip link, app bar,
 * sidebar, content in an error boundary and a Suspense for the lazy screens — with our app bar,
 * menu and error page. react-admin's `<Layout>` names its default menu (with its keyboard
 * shortcuts), the preferences inspector and its error page, which the panel never shows but the
 * first load would download.
 */
export function PanelLayout({ children }: { children: ReactNode }) {
  useRememberedSidebar();
  const [errorInfo, setErrorInfo] = useState<ErrorInfo>();
  return (
    <Frame className="layout">
      <SkipLink />
      {/* The app bar's and the menu's buttons wait for their tooltip's code (Hint). */}
      <Suspense fallback={<Loading />}>
        <div className={LayoutClasses.appFrame}>
          <PanelAppBar />
          <main className={LayoutClasses.contentWithSidebar}>
            <PanelSidebar>
              <PanelMenu />
            </PanelSidebar>
            <div id="main-content" className={LayoutClasses.content}>
              <ErrorBoundary
                onError={(_error, info) => setErrorInfo(info)}
                fallbackRender={({ error, resetErrorBoundary }) => <PanelError error={error} errorInfo={errorInfo} resetErrorBoundary={resetErrorBoundary} />}
              >
                <MailBanner />
                <Suspense fallback={<Loading />}>
                  <ScreenGuard>{children}</ScreenGuard>
                </Suspense>
              </ErrorBoundary>
            </div>
          </main>
        </div>
      </Suspense>
    </Frame>
  );
}
