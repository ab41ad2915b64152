import { Admin, Resource } from 'react-admin';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { Dashboard } from './dashboard/Dashboard';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';

/** Real paths (/painel/clientes), not react-admin's default hash router. */
export const PANEL_BASENAME = '/painel';

export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route
          path={`${PANEL_BASENAME}/*`}
          element={
            <Admin
              basename={PANEL_BASENAME}
              title="Veritas | Painel"
              disableTelemetry
              requireAuth
              loginPage={false}
              authProvider={authProvider}
              dataProvider={dataProvider}
              i18nProvider={i18nProvider}
              dashboard={Dashboard}
            >
              {/* Declared for references and record titles; their screens come with the menu. */}
              <Resource name="clientes" recordRepresentation="razaoSocial" />
              <Resource name="users" recordRepresentation="nomeCompleto" />
            </Admin>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
