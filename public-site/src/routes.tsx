import type { ComponentType } from 'react';
import { HomePage } from './pages/home/HomePage';
import { LoginPage } from './pages/login/LoginPage';

/** One prerendered page: scripts/prerender.mjs writes dist/<path>/index.html for each. */
export interface PublicRoute {
  path: string;
  title: string;
  description: string;
  Page: ComponentType;
}

const BRAND = 'Veritas Assessoria Empresarial';

// To add a page: write it under pages/ and list it here; the build prerenders it.
export const routes: PublicRoute[] = [
  {
    path: '/',
    title: `${BRAND} | Registro empresarial nas Juntas Comerciais`,
    description:
      'Abertura, alteração e baixa de empresas, certidões, arquivamento de balanços, ' +
      'consultoria empresarial e registro de marcas perante as Juntas Comerciais.',
    Page: HomePage,
  },
  {
    path: '/login',
    title: `Entrar | ${BRAND}`,
    description: 'Acesse a área do cliente ou o painel da equipe da Veritas Assessoria Empresarial.',
    Page: LoginPage,
  },
];

/** '/login/', '/login/index.html' and '/login' name the same page. */
export function normalizePath(pathname: string): string {
  const withoutIndex = pathname.replace(/\/index\.html$/, '/');
  const trimmed = withoutIndex.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function findRoute(pathname: string): PublicRoute | undefined {
  const path = normalizePath(pathname);
  return routes.find((route) => route.path === path);
}
