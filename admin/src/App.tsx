import { lazy } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { Dashboard } from './dashboard/Dashboard';
import { PanelLayout } from './layout/PanelLayout';
import { Placeholder, PLACEHOLDERS } from './placeholders/Placeholder';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { queryClient } from './providers/queryClient';
import { panelDarkTheme, panelTheme } from './theme';
import tiposCliente from './tipos-cliente';
import users from './users';

/** Real paths (/painel/clientes), not react-admin's default hash router. */
export const PANEL_BASENAME = '/painel';

/*
 * Every screen but the dashboard is lazy, so the first screen loads none of them (each is its own
 * chunk). The layout wraps routes in <Suspense>. Features of other issues add one line at the
 * `feature routes` marker, e.g.
 *   <Route path="/email" element={<Email />} />   with   const Email = lazy(() => import('./email/EmailPage'));
 * declared at the `feature pages` marker below.
 */
const ClientesPage = lazy(() => import('./clientes/ClientesPage'));
// feature pages
const RegistrosPage = lazy(() => import('./registros/RegistrosPage'));
const MeusRegistrosPage = lazy(() => import('./registros/MeusRegistrosPage'));
const PrazosPage = lazy(() => import('./prazos/PrazosPage'));
const DocumentosPage = lazy(() => import('./documentos/DocumentosPage'));
const EmailPage = lazy(() => import('./email/EmailPage'));
const MensagensPage = lazy(() => import('./mensagens/MensagensPage'));
const FinancasPage = lazy(() => import('./financas/FinancasPage'));

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
              layout={PanelLayout}
              theme={panelTheme}
              darkTheme={panelDarkTheme}
              defaultTheme="light"
              authProvider={authProvider}
              dataProvider={dataProvider}
              i18nProvider={i18nProvider}
              queryClient={queryClient}
              dashboard={Dashboard}
              catchAll={Dashboard}
            >
              {/* Declared for references and record titles; their screens are the custom routes below. */}
              <Resource name="clientes" recordRepresentation="razaoSocial" />
              <Resource name="users" recordRepresentation={users.recordRepresentation} />
              <Resource name="tipos-cliente" {...tiposCliente} />
              <Resource name="registros" recordRepresentation="numero" />
              <CustomRoutes>
                <Route path="/clientes" element={<ClientesPage />} />
                <Route path="/configuracoes/*" element={<users.list />} />
                {PLACEHOLDERS.map((p) => (
                  <Route key={p.path} path={p.path} element={<Placeholder title={p.title} coming={p.coming} where={p.where} />} />
                ))}
                {/* feature routes */}
                <Route path="/registros/*" element={<RegistrosPage />} />
                <Route path="/meu-registros/*" element={<MeusRegistrosPage />} />
                <Route path="/prazos/*" element={<PrazosPage />} />
                <Route path="/documentos" element={<DocumentosPage />} />
                <Route path="/email" element={<EmailPage />} />
                <Route path="/mensagens" element={<MensagensPage />} />
                <Route path="/financas/*" element={<FinancasPage />} />
              </CustomRoutes>
            </Admin>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
