/*
 * The script of every public page, kept tiny: the header's behaviour (menu toggle, shadow) in
 * plain DOM code, and the islands' code only on pages that have islands.
 */
import { enhanceHeader } from './layout/header-behaviour';
import '@veritas/web/tokens.css';
import '@veritas/web/base.css';
import './styles.css';

function start() {
  enhanceHeader(document);
  const islands = document.querySelectorAll<HTMLElement>('[data-island]');
  if (islands.length > 0) {
    void import('./islands.client').then(({ hydrateIslands }) => hydrateIslands(islands));
  }
}

const container = document.getElementById('root');
if (import.meta.env.DEV && container && !container.firstElementChild) {
  // Dev server: no prerendered page; render it, and its islands are live already.
  void import('./dev-render').then(({ renderForDev }) => {
    renderForDev(container);
    requestAnimationFrame(() => enhanceHeader(document));
  });
} else {
  start();
}
