import type { ReactNode } from 'react';
import { CssBaseline } from '@mui/material';
import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import {
  AdminContext,
  CoreAdminUI,
  LoadingPage,
  localStorageStore,
  Notification,
  type AuthProvider,
  type DashboardComponent,
  type DataProvider,
  type I18nProvider,
  type RaThemeOptions,
} from 'react-admin';
import { rarePage } from './RarePage';
import { PanelError } from './PanelError';

const store = localStorageStore();
const AccessDenied = rarePage('AccessDenied');
const AuthenticationError = rarePage('AuthenticationError');

/**
 * react-admin's `<Admin>` without what the panel never shows. `<Admin>` names react-admin's own
 * login page and its English messages as defaults, so they are in the first load even with
 * `loginPage={false}` and our pt-BR i18n provider: the login form alone brings react-hook-form,
 * the form machinery and the password input (about 60 KB gzip). This is `<Admin>`'s own
 * composition — `AdminContext`, then `CoreAdminUI` inside `CssBaseline`, then the notification —
 * with every page passed explicitly: the panel's sign-in is the site's /login (§2.2). The
 * access-denied and session-error pages are loaded only when shown (rarePages.ts); the error page
 * is not, since it must show even when loading a chunk is what failed.
 */
export function PanelAdmin(props: {
  basename: string;
  title: string;
  authProvider: AuthProvider;
  dataProvider: DataProvider;
  i18nProvider: I18nProvider;
  queryClient: QueryClient;
  theme: RaThemeOptions;
  darkTheme: RaThemeOptions;
  layout: ComponentType<{ children: ReactNode }>;
  dashboard: DashboardComponent;
  catchAll: ComponentType;
  children: ReactNode;
}) {
  const { basename, title, authProvider, dataProvider, i18nProvider, queryClient, theme, darkTheme, layout, dashboard, catchAll, children } = props;
  return (
    <AdminContext
      basename={basename}
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      queryClient={queryClient}
      store={store}
      theme={theme}
      darkTheme={darkTheme}
      defaultTheme="light"
    >
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          title={title}
          disableTelemetry
          requireAuth
          loginPage={false}
          authCallbackPage={LoadingPage}
          layout={layout}
          dashboard={dashboard}
          catchAll={catchAll}
          loading={LoadingPage}
          error={PanelError}
          accessDenied={AccessDenied}
          authenticationError={AuthenticationError}
        >
          {children}
        </CoreAdminUI>
        <Notification />
      </CssBaseline>
    </AdminContext>
  );
}
