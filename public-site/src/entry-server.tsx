import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from './App';
import { findRoute, routes } from './routes';

export { routes };

/** The route paths the build prerenders. */
export const routePaths: string[] = routes.map((route) => route.path);

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Renders one public page to HTML, plus the tags for its <head>. */
export function render(path: string): { html: string; head: string } {
  const route = findRoute(path);
  if (!route) throw new Error(`Rota pública desconhecida: ${path}`);
  const html = renderToString(
    <StrictMode>
      <App route={route} />
    </StrictMode>,
  );
  const head = [
    `<title>${escapeHtml(route.title)}</title>`,
    `<meta name="description" content="${escapeHtml(route.description)}" />`,
    `<meta property="og:title" content="${escapeHtml(route.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(route.description)}" />`,
    '<meta property="og:locale" content="pt_BR" />',
  ].join('\n    ');
  return { html, head };
}
