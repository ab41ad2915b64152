/*
 * "Sair" and "Sair de todos os dispositivos" (issue 54): the server refuses the token from then on,
 * then the caller clears what the browser kept. Leaving never waits on a failed call: an unreachable
 * server is told nothing, and the page still leaves (the token then lives until it expires).
 */
import { readSession, type SessionStore } from '@veritas/common';
import { createApiClient } from './client';

export const LOGOUT_PATH = '/api/auth/logout';
export const LOGOUT_EVERYWHERE_PATH = '/api/auth/logout-todos';

/** Ends the stored session on the server (every session of the account with `everywhere`); true when the server agreed or there was none. */
export async function endServerSession(storage: SessionStore, options: { everywhere?: boolean; fetch?: typeof fetch } = {}): Promise<boolean> {
  if (!readSession(storage).token) return true;
  try {
    await createApiClient({ storage, fetch: options.fetch }).request(options.everywhere ? LOGOUT_EVERYWHERE_PATH : LOGOUT_PATH, { method: 'POST' });
    return true;
  } catch (error) {
    console.error('Logout error', error);
    return false;
  }
}

/**
 * A page restored from the back-forward cache after Sair would show what it showed before: on such a
 * restore without a stored session, the page is replaced by `loginPath` instead.
 */
export function leaveRestoredPageWithoutSession(storage: SessionStore, loginPath = '/login'): void {
  window.addEventListener('pageshow', (event) => {
    if (event.persisted && !readSession(storage).token) window.location.replace(loginPath);
  });
}
