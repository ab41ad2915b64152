/*
 * The prerender's side (built with `vite build --ssr`, run by scripts/prerender.mjs): each page's
 * HTML and <head>, and the site's sitemap.xml and robots.txt.
 */
import { renderToString } from 'react-dom/server';
import { App } from './App';
import { firm } from './firm';
import { registerIslandModules } from './islands';
import { findRoute, routes } from './routes';
import { headTags, robotsTxt, sitemapXml } from './seo';

export { routes };

// Which module exports which component, so an island can name the code the browser must load.
registerIslandModules(import.meta.glob<Record<string, unknown>>('./pages/**/*.tsx', { eager: true }));

/** The route paths the build prerenders. */
export const routePaths: string[] = routes.map((route) => route.path);

/** Renders one public page to HTML, plus the tags for its <head>. */
export function render(path: string): { html: string; head: string } {
  const route = findRoute(path);
  if (!route) throw new Error(`Rota pública desconhecida: ${path}`);
  return { html: renderToString(<App route={route} />), head: headTags(firm, route) };
}

/** Files written beside the pages, at the site's root. */
export function siteFiles(): { name: string; content: string }[] {
  return [
    { name: 'sitemap.xml', content: sitemapXml(firm, routes) },
    { name: 'robots.txt', content: robotsTxt(firm) },
  ];
}
