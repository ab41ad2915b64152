import type { QueryClient } from '@tanstack/react-query';
import { guardRoute, readSession, type Role } from '@veritas/common';
import { queries } from '../lib/queries';

export const CLIENTE_ONLY: readonly Role[] = ['cliente'];

/** The session check's one request (RequireCliente waits for it). */
export const perfilCheck = () => ({ ...queries.perfil(), retry: false });

/**
 * Starts the session check as soon as the entry script runs, before React is even loaded (ADR
 * 0059): the same query RequireCliente waits for, only when it will ask (a stored client session).
 */
export function checkSessionEarly(client: QueryClient): void {
  if (guardRoute(readSession(window.localStorage), CLIENTE_ONLY).allowed) void client.prefetchQuery(perfilCheck());
}
