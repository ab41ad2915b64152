import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { leaveRestoredPageWithoutSession } from '@veritas/web';
import { checkSessionEarly } from './auth/RequireCliente';
import { createQueryClient } from './lib/queries';
import { preloadScreens } from './portal/lazyScreen';
import { PortalRoutes, portalRoutes } from './routes';
import '@veritas/web/tokens.css';
import '@veritas/web/base.css';
import './styles.css';

// After Sair, Back must not show the area again from the browser's page cache.
leaveRestoredPageWithoutSession(window.localStorage);
// The session check and the address's screens start loading now, side by side (ADR 0059).
const queryClient = createQueryClient();
checkSessionEarly(queryClient);
preloadScreens(portalRoutes, window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <PortalRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
