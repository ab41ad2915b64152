/*
 * The portal's entry (ADR 0059). index.html already shows the area's frame (prerendered); this
 * script starts what the first screen waits for, side by side: the session check, the code of the
 * address's screens and, once the frame is on screen, react-dom, which then draws the app over it.
 * react-dom (~60 KB gzip) is fetched after the first paint, so it does not share a phone's network
 * with what paints the page.
 */
import { leaveRestoredPageWithoutSession } from '@veritas/web';
import { checkSessionEarly } from './auth/session';
import { createQueryClient } from './lib/queries';
import { preloadScreens } from './portal/lazyScreen';
import { portalRoutes } from './routes';
import '@veritas/web/tokens.css';
import '@veritas/web/base.css';
import './styles.css';

// After Sair, Back must not show the area again from the browser's page cache.
leaveRestoredPageWithoutSession(window.localStorage);

const queryClient = createQueryClient();
checkSessionEarly(queryClient);
preloadScreens(portalRoutes, window.location.pathname);

requestAnimationFrame(() =>
  setTimeout(() => {
    void import('./render').then(({ renderPortal }) => renderPortal(document.getElementById('root')!, queryClient));
  }, 0),
);
