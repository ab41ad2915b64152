import { lazy, Suspense } from 'react';
import { CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { Dashboard } from './dashboard/Dashboard';
import { PanelAdmin } from './layout/PanelAdmin';
import { PanelLayout } from './layout/PanelLayout';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { queryClient } from './providers/queryClient';
import clientes from './clientes';
import { panelDarkTheme, panelTheme } from './layout/theme';
import documentos from './documentos';
import mensagens from './mensagens';
import processos from './processos';
import registros from './registros';
import tiposCliente from './tipos-cliente';
import users from './users';
import relatorios from './relatorios';
import equipe from './equipe';
import auditoria from './auditoria';
import solicitacoesTitulares from './solicitacoes-titulares';
import tarefas from './tarefas';
import filaSaida from './fila-saida';
import emailSaida from './email-saida';
import financas from './financas';
import agenda from './agenda';
import conta from './conta';

/** Real paths (/painel/clientes), not react-admin's default hash router. */
export const PANEL_BASENAME = '/painel';

/*
 * Every screen but the dashboard is lazy, so the first screen loads none of them (each is its own
 * chunk). The layout wraps routes in <Suspense>. Features of other issues add one line at the
 * `feature routes` marker, e.g.
 *   <Route path="/email" element={<Email />} />   with   const Email = lazy(() => import('./email/EmailPage'));
 * declared at the `feature pages` marker below.
 */
// feature pages
const MeusRegistrosPage = registros.meus;
const PrazosPage = lazy(() => import('./prazos/PrazosPage'));
const EmailPage = lazy(() => import('./email/EmailPage'));
const ProcessosPage = processos.page;
const ModelosTab = processos.modelos;

export function App() {
  return (
    <BrowserRouter>
      <Routes>
        {/* The recovery e-mail's confirmation link (issue 53): opened without a session, so outside react-admin. */}
        <Route
          path={`${PANEL_BASENAME}/confirmar-email-recuperacao`}
          element={
            <Suspense fallback={null}>
              <conta.confirmar />
            </Suspense>
          }
        />
        <Route
          path={`${PANEL_BASENAME}/*`}
          element={
            <PanelAdmin
              basename={PANEL_BASENAME}
              title="Veritas | Painel"
              layout={PanelLayout}
              theme={panelTheme}
              darkTheme={panelDarkTheme}
              authProvider={authProvider}
              dataProvider={dataProvider}
              i18nProvider={i18nProvider}
              queryClient={queryClient}
              dashboard={Dashboard}
              catchAll={Dashboard}
            >
              {/* Declared for references and record titles; their screens are the custom routes below. */}
              <Resource name="clientes" {...clientes} />
              <Resource name="users" recordRepresentation={users.recordRepresentation} />
              <Resource name="tipos-cliente" {...tiposCliente} />
              <Resource name="registros" list={registros.list} icon={registros.icon} recordRepresentation={registros.recordRepresentation}>
                <Route path=":id" element={<registros.detail />} />
              </Resource>
              <Resource name="documentos" {...documentos} />
              <Resource name="contato" recordRepresentation={mensagens.recordRepresentation} />
              <Resource name="auditoria" />
              <Resource name="solicitacoes-titulares" recordRepresentation={solicitacoesTitulares.recordRepresentation} />
              <Resource name="cobrancas" recordRepresentation={financas.recordRepresentation} />
              <CustomRoutes>
                <Route path="/configuracoes/*" element={<users.list />} />
                {/* feature routes */}
                <Route path="/meu-registros/*" element={<MeusRegistrosPage />} />
                <Route path="/prazos/*" element={<PrazosPage />} />
                <Route path="/email" element={<EmailPage />} />
                <Route path="/mensagens" element={<mensagens.list />} />
                <Route path="/relatorios" element={<relatorios.page />} />
                <Route path="/agenda" element={<agenda.page />} />
                <Route path="/financas/*" element={<financas.page />} />
                <Route path="/equipe" element={<equipe.page />} />
                <Route path="/processos" element={<ProcessosPage />} />
                <Route path="/configuracoes/processos" element={<ModelosTab />} />
                <Route path="/configuracoes/tarefas" element={<tarefas.page />} />
                <Route path="/configuracoes/fila-saida" element={<filaSaida.page />} />
                <Route path="/configuracoes/email-saida" element={<emailSaida.page />} />
                <Route path="/auditoria" element={<auditoria.list />} />
                <Route path="/solicitacoes-titulares" element={<solicitacoesTitulares.list />} />
                <Route path="/minha-conta" element={<conta.page />} />
              </CustomRoutes>
            </PanelAdmin>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
