/*
 * The script of every public page, kept tiny: the header's behaviour (menu toggle, shadow) in
 * plain DOM code, and the islands' code only on pages that have islands.
 */
import type { ComponentType } from 'react';
import { afterFirstPaint } from '@veritas/web';
import { enhanceHeader } from './layout/header-behaviour';
import '@veritas/web/tokens.css';
import '@veritas/web/base.css';
import './styles.css';

// Each island's module is its own chunk, fetched on demand.
const islandModules = import.meta.glob<Record<string, ComponentType<any>>>('./pages/**/*.tsx');

function start() {
  enhanceHeader(document);
  const islands = Array.from(document.querySelectorAll<HTMLElement>('[data-island]'));
  if (islands.length > 0) {
    // The page is prerendered, so what paints it is the HTML and the stylesheet; the islands' code
    // (React and the forms, ~70 KB gzip) starts loading once the page is on screen and does not share
    // a slow network with it. A form's button stays off until its island hydrates.
    afterFirstPaint(() => {
      // The runtime and each island's module load side by side, not one after the other.
      const runtime = import('./islands.client');
      const loaded = islands.map((element) => ({ element, module: islandModules[(element.dataset.island ?? '').split('#')[0]]?.() }));
      void runtime.then(({ hydrateIslands }) => hydrateIslands(loaded));
    });
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
