import { contentRoutes } from './content-pages/content-routes';
import { firm } from './firm';
import { CadastroPage } from './pages/cadastro/CadastroPage';
import { LoginPage } from './pages/login/LoginPage';
import { RecuperarSenhaPage } from './pages/senha/RecuperarSenhaPage';
import { RedefinirSenhaPage } from './pages/senha/RedefinirSenhaPage';
import { ConvitePage } from './pages/senha/ConvitePage';
import type { PublicRoute } from './route-types';

export type { PublicRoute } from './route-types';

const BRAND = firm.brandName;

// Every page the build prerenders. Content pages (home, services, FAQ, blog...) are listed in
// content-pages/content-routes.tsx; interactive pages (hydrated in the browser) go below, one
// entry each: write the page under pages/ and add its line.
export const routes: PublicRoute[] = [
  ...contentRoutes,
  {
    path: '/login',
    title: `Entrar | ${BRAND}`,
    description: `Acesse a área do cliente ou o painel da equipe da ${BRAND}.`,
    Page: LoginPage,
  },
  { path: '/cadastro', title: `Cadastro de cliente | ${BRAND}`, description: `Cadastre a sua empresa na ${BRAND} e acompanhe registros, solicitações e documentos na área do cliente.`, Page: CadastroPage },
  { path: '/recuperar-senha', title: `Recuperar senha | ${BRAND}`, description: `Receba por e-mail um link para escolher uma nova senha de acesso à ${BRAND}.`, Page: RecuperarSenhaPage, inSitemap: false },
  { path: '/redefinir-senha', title: `Redefinir senha | ${BRAND}`, description: `Escolha uma nova senha de acesso à ${BRAND}.`, Page: RedefinirSenhaPage, inSitemap: false },
  // Issue 54 (ADR 0058): a member's invitation, accepted with a name, CPF (optional) and password.
  { path: '/convite', title: `Convite | ${BRAND}`, description: `Aceite o convite para a área do cliente da ${BRAND}.`, Page: ConvitePage, inSitemap: false },
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
