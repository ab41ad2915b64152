import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { yieldToMain } from '@veritas/web';
import { createQueryClient } from './lib/queries';
import { preloadScreens } from './portal/lazyScreen';
import { PortalRoutes, portalRoutes } from './routes';

/**
 * Draws the portal in `container`, over the prerendered frame (main.tsx loads this after the first
 * paint). The address's screens start loading first; the first render is a transition, so React
 * draws it in slices of a few milliseconds with the main thread free between them (a phone's tap
 * is not kept waiting) instead of in one long task.
 */
export async function renderPortal(container: HTMLElement): Promise<void> {
  preloadScreens(portalRoutes, window.location.pathname);
  const queryClient = createQueryClient();
  await yieldToMain();
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <PortalRoutes />
          </BrowserRouter>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}
