import type { ReactElement } from 'react';
import { fireEvent, render, waitFor } from '@testing-library/react';
import { AdminContext, type AuthProvider, type DataProvider, Notification, testDataProvider } from 'react-admin';
import { i18nProvider } from '../providers/i18nProvider';

/**
 * Renders a piece of the panel in jsdom inside react-admin's AdminContext (router, query client,
 * theme, the panel's pt-BR messages, its notifications) with a dataProvider whose methods the test gives (a named
 * method, a CRUD one); any other call fails the test. `userType` signs in a staff member of that
 * type (what the panel's menu and `useCan` read).
 */
export function renderAdmin(ui: ReactElement, methods: Record<string, unknown> = {}, userType?: string) {
  const dataProvider = testDataProvider(methods as Partial<DataProvider>);
  const authProvider: AuthProvider | undefined = userType
    ? { login: async () => undefined, logout: async () => undefined, checkAuth: async () => undefined, checkError: async () => undefined, getPermissions: async () => userType }
    : undefined;
  const result = render(
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={i18nProvider}>
      {ui}
      <Notification />
    </AdminContext>,
  );
  return { ...result, dataProvider };
}

/** Clicks a form's button once it is enabled: react-admin's SaveButton waits while the form checks the last change. */
export async function clickWhenEnabled(button: HTMLElement) {
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(button);
}
