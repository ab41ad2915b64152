import { Navigate, type RouteObject, useLocation, useParams, useRoutes } from 'react-router';
import { PORTAL_BASE, PORTAL_PATHS } from '@veritas/common';
import { RequireCliente } from './auth/RequireCliente';
import { PortalLayout } from './layout/PortalLayout';
import { lazyScreen, TAB_LOADING } from './portal/lazyScreen';
import { ComCapacidade } from './membros/capacidades';
import { tabHandle, tabOf } from './portal/portalTabs';

// Each screen is a chunk of its own (ADR 0059): the first paint waits for the frame's code only.
// A tab shows "Carregando..." while its code arrives; a dialog, nothing.
const Dashboard = lazyScreen(() => import('./dashboard/Dashboard'), 'Dashboard', TAB_LOADING);
const MeusDados = lazyScreen(() => import('./meus-dados/MeusDados'), 'MeusDados');
const Novidades = lazyScreen(() => import('./novidades/Novidades'), 'Novidades');
const RegistrosTab = lazyScreen(() => import('./registros/RegistrosTab'), 'RegistrosTab', TAB_LOADING);
const RegistroDialog = lazyScreen(() => import('./registros/RegistroDialog'), 'RegistroDialog');
const NovaSolicitacao = lazyScreen(() => import('./registros/NovaSolicitacao'), 'NovaSolicitacao');
const DocumentosTab = lazyScreen(() => import('./documentos/DocumentosTab'), 'DocumentosTab', TAB_LOADING);
const EnviarDocumento = lazyScreen(() => import('./documentos/EnviarDocumento'), 'EnviarDocumento');
const FinanceiroTab = lazyScreen(() => import('./financeiro/FinanceiroTab'), 'FinanceiroTab', TAB_LOADING);
const CobrancaDialog = lazyScreen(() => import('./financeiro/CobrancaDialog'), 'CobrancaDialog');
const AgendaTab = lazyScreen(() => import('./agenda/AgendaTab'), 'AgendaTab', TAB_LOADING);
const Faqs = lazyScreen(() => import('./faq/Faqs'), 'Faqs', TAB_LOADING);
const EquipeTab = lazyScreen(() => import('./membros/EquipeTab'), 'EquipeTab', TAB_LOADING);

/** /cliente/registro/{id}, the older link of spec §2.1: the same dialog at its address of today. */
function RegistroAntigo() {
  const { id = '' } = useParams();
  return <Navigate to={PORTAL_PATHS.registro(id)} replace />;
}

/** A tab's own address: its list alone, no dialog over it. */
const NO_DIALOG = null;

/** The frame, with the tab the address belongs to selected. */
function Layout() {
  return <PortalLayout tab={tabOf(portalRoutes, useLocation())} />;
}

/**
 * The client area's addresses (PORTAL_PATHS, which e-mails link to). Each tab is a layout route
 * whose children are its own address and the dialogs that open over it; a tab's list stays mounted
 * (its filters, its scroll) while one of its dialogs comes and goes. Anything else under /cliente
 * goes to the dashboard.
 */
export const portalRoutes: RouteObject[] = [
  {
    path: PORTAL_BASE,
    element: (
      <RequireCliente>
        <Layout />
      </RequireCliente>
    ),
    children: [
      {
        element: <Dashboard />,
        handle: tabHandle('dashboard'),
        children: [
          { index: true, element: NO_DIALOG },
          { path: 'meus-dados', element: <MeusDados /> },
          { path: 'novidades', element: <Novidades /> },
        ],
      },
      {
        element: <RegistrosTab />,
        handle: tabHandle('registros'),
        children: [
          { path: 'registros', element: NO_DIALOG },
          { path: 'registros/:id', element: <RegistroDialog /> },
          { path: 'nova-solicitacao', element: <ComCapacidade c="solicitar"><NovaSolicitacao /></ComCapacidade> },
        ],
      },
      { path: 'registro/:id', element: <RegistroAntigo /> },
      {
        element: (
          <ComCapacidade c="ver_documentos">
            <DocumentosTab />
          </ComCapacidade>
        ),
        handle: tabHandle('documentos'),
        children: [{ path: 'documentos', element: NO_DIALOG }, { path: 'novo-documento', element: <ComCapacidade c="enviar_documentos"><EnviarDocumento /></ComCapacidade> }],
      },
      {
        element: (
          <ComCapacidade c="cobrancas">
            <FinanceiroTab />
          </ComCapacidade>
        ),
        handle: tabHandle('financeiro'),
        children: [{ path: 'financeiro', element: NO_DIALOG }, { path: 'financeiro/:id', element: <CobrancaDialog /> }],
      },
      { path: 'agenda', element: <AgendaTab />, handle: tabHandle('agenda') },
      { path: 'faq', element: <Faqs />, handle: tabHandle('faq') },
      {
        path: 'equipe',
        element: (
          <ComCapacidade c="membros">
            <EquipeTab />
          </ComCapacidade>
        ),
        handle: tabHandle('equipe'),
      },
      { path: '*', element: <Navigate to={PORTAL_PATHS.dashboard} replace /> },
    ],
  },
];

/** The portal's screen for the address on screen (inside a router: BrowserRouter in the app, MemoryRouter in tests). */
export function PortalRoutes() {
  return useRoutes(portalRoutes);
}
