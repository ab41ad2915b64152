/*
 * The build's side of the portal's shell (built with `vite build --ssr`, run by
 * scripts/prerender-shell.mjs): the markup index.html shows before any script runs (ADR 0059).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { PortalShell } from './layout/PortalShell';

export function renderShell(): string {
  return renderToStaticMarkup(<PortalShell />);
}
