/*
 * The portal's entry (ADR 0059). index.html already shows the area's frame (prerendered) and fetches,
 * at low priority, the code that draws the app. This script is plain code, no React: it starts the
 * session check at once and, once the frame is on screen, runs the app's code in short tasks —
 * react-dom in one, the app's modules in the next, then the first render in slices (render.tsx) —
 * so a phone's main thread is never held long.
 */
import { afterFirstPaint, leaveRestoredPageWithoutSession, yieldToMain } from '@veritas/web';
import { checkSessionEarly } from './auth/session';
import '@veritas/web/tokens.css';
import '@veritas/web/base.css';
import './styles.css';

// After Sair, Back must not show the area again from the browser's page cache.
leaveRestoredPageWithoutSession(window.localStorage);

checkSessionEarly();

afterFirstPaint(async () => {
  await import('react-dom/client');
  await yieldToMain();
  const { renderPortal } = await import('./render');
  await renderPortal(document.getElementById('root')!);
});
