import { type Location, matchRoutes, type RouteObject } from 'react-router';
import { type Capacidade, PORTAL_PATHS, temCapacidade } from '@veritas/common';

export type TabKey = 'dashboard' | 'registros' | 'documentos' | 'financeiro' | 'agenda' | 'faq' | 'equipe';

export interface TabDef {
  key: TabKey;
  label: string;
  path: string;
  /** What the member must be allowed to do to see it (issue 54, ADR 0058). */
  capacidade?: Capacidade;
}

/** The portal's tabs, each an address (issue 51: a tab can be bookmarked, and Back returns to the last one). */
export const TABS: readonly TabDef[] = [
  { key: 'dashboard', label: 'Dashboard', path: PORTAL_PATHS.dashboard },
  { key: 'registros', label: 'Registros e Solicitações', path: PORTAL_PATHS.registros },
  { key: 'documentos', label: 'Documentos', path: PORTAL_PATHS.documentos, capacidade: 'ver_documentos' },
  { key: 'financeiro', label: 'Financeiro', path: PORTAL_PATHS.financeiro, capacidade: 'cobrancas' },
  { key: 'agenda', label: 'Agenda', path: PORTAL_PATHS.agenda },
  { key: 'faq', label: 'FAQs', path: PORTAL_PATHS.faq },
  { key: 'equipe', label: 'Equipe', path: PORTAL_PATHS.equipe, capacidade: 'membros' },
];

/** The tabs a member sees: those its capacities allow (all of them without a member). */
export function tabsFor(capacidades: readonly Capacidade[] | undefined): readonly TabDef[] {
  if (!capacidades) return TABS.filter((t) => t.key !== 'equipe');
  return TABS.filter((t) => !t.capacidade || temCapacidade({ capacidades }, t.capacidade));
}

/** What a route tells the layout (react-router's `handle`): the tab it belongs to. */
export interface TabHandle {
  tab: TabKey;
}

export const tabHandle = (tab: TabKey): TabHandle => ({ tab });

/** The tab of the address: the deepest matching route that names one (a dialog's route belongs to its list's tab). */
export function tabOf(routes: RouteObject[], location: Pick<Location, 'pathname'>): TabKey {
  const matches = matchRoutes(routes, location) ?? [];
  for (let i = matches.length - 1; i >= 0; i--) {
    const tab = (matches[i].route.handle as Partial<TabHandle> | undefined)?.tab;
    if (tab) return tab;
  }
  return 'dashboard';
}
