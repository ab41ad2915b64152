import { type ClienteResponse, guardRoute, readSession, type Role } from '@veritas/common';
import { portalApi } from '../lib/api';

export const CLIENTE_ONLY: readonly Role[] = ['cliente'];

/** The entry's session check, handed once to RequireCliente's query. */
let early: Promise<ClienteResponse> | undefined;

/**
 * Starts the session check as soon as the entry script runs, before React is even loaded (ADR
 * 0059): the request RequireCliente's query then takes over, only when it will ask (a stored client
 * session). Plain code: the entry carries no React, no router and no query library.
 */
export function checkSessionEarly(): void {
  if (!guardRoute(readSession(window.localStorage), CLIENTE_ONLY).allowed) return;
  early = portalApi.perfil();
  // Its failure is RequireCliente's to show (the query rejects with it); not an unhandled rejection here.
  early.catch(() => undefined);
}

/** The entry's request, once (a later check asks the server again). */
export function takeEarlyPerfil(): Promise<ClienteResponse> | undefined {
  const request = early;
  early = undefined;
  return request;
}
