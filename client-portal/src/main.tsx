import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { leaveRestoredPageWithoutSession } from '@veritas/web';
import { createQueryClient } from './lib/queries';
import { PortalRoutes } from './routes';
import '@veritas/web/tokens.css';
import '@veritas/web/base.css';
import './styles.css';

// After Sair, Back must not show the area again from the browser's page cache.
leaveRestoredPageWithoutSession(window.localStorage);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <BrowserRouter>
        <PortalRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
