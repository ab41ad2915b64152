import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { leaveRestoredPageWithoutSession } from '@veritas/web';
import { App } from './App';

// After Sair, Back must not show the panel again from the browser's page cache.
leaveRestoredPageWithoutSession(window.localStorage);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
