import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { findRoute, routes } from './routes';
import './styles.css';

const container = document.getElementById('root');
if (container) {
  // The prerender stamps the page's route on the container; fall back to the address (dev server).
  const route = findRoute(container.dataset.route || window.location.pathname) ?? routes[0];
  const app = (
    <StrictMode>
      <App route={route} />
    </StrictMode>
  );
  if (container.firstElementChild) {
    hydrateRoot(container, app);
  } else {
    createRoot(container).render(app);
  }
}
