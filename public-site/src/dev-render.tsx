/*
 * `npm run dev -w @veritas/public-site` only: Vite's dev server serves index.html without the
 * prerendered page, so the page is rendered here in the browser. The production build never
 * includes this module (entry-client imports it behind import.meta.env.DEV).
 */
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { registerIslandModules } from './islands';
import { findRoute, routes } from './routes';

registerIslandModules(import.meta.glob<Record<string, unknown>>('./pages/**/*.tsx', { eager: true }));

export function renderForDev(container: HTMLElement): void {
  const route = findRoute(window.location.pathname) ?? routes[0];
  document.title = route.title;
  createRoot(container).render(<App route={route} />);
}
