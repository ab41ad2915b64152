import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { PortalRoutes } from './routes';

/** Draws the portal in `container`, over the prerendered frame (main.tsx loads this after the first paint). */
export function renderPortal(container: HTMLElement, queryClient: QueryClient): void {
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <PortalRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
}
