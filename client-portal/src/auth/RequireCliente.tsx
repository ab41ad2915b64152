import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { type ClienteResponse, clearRejectedSession, guardRoute, readSession, type Role, saveProfile } from '@veritas/common';
import { currentAddress, errorStatus, goToLogin } from '../lib/api';
import { PortalShell } from '../layout/PortalShell';
import { queries } from '../lib/queries';

const CLIENTE_ONLY: readonly Role[] = ['cliente'];

const ClienteContext = createContext<ClienteResponse | null>(null);

/** The signed-in company's profile, as the server last sent it (inside RequireCliente only). */
export function useCliente(): ClienteResponse {
  const cliente = useContext(ClienteContext);
  if (!cliente) throw new Error('useCliente fora de RequireCliente');
  return cliente;
}

/** The session check's one request, also what main.tsx starts before the first render. */
const perfilCheck = () => ({ ...queries.perfil(), retry: false });

/**
 * Starts the session check as soon as the script runs, before React's first render (ADR 0059): the
 * same query RequireCliente waits for, only when it will ask (a stored client session).
 */
export function checkSessionEarly(client: QueryClient): void {
  if (guardRoute(readSession(window.localStorage), CLIENTE_ONLY).allowed) void client.prefetchQuery(perfilCheck());
}

/**
 * Route protection (spec §2.2): 'Carregando...' (in the portal's frame) while the stored session is checked with the
 * server; the unauthenticated go to /login (and come back to this address after signing in), a
 * staff member to the panel.
 */
export function RequireCliente({ children }: { children: ReactNode }) {
  const [decision] = useState(() => guardRoute(readSession(window.localStorage), CLIENTE_ONLY));
  const perfil = useQuery({ ...perfilCheck(), enabled: decision.allowed });

  useEffect(() => {
    if (decision.allowed) return;
    if (decision.redirectTo === '/login') goToLogin(currentAddress());
    else window.location.assign(decision.redirectTo);
  }, [decision]);

  useEffect(() => {
    if (perfil.data) saveProfile(window.localStorage, 'cliente', perfil.data);
  }, [perfil.data]);

  useEffect(() => {
    if (!perfil.error) return;
    // A refused token is forgotten; a network failure leaves the visitor unauthenticated without
    // clearing storage (§4).
    if (errorStatus(perfil.error) !== undefined) clearRejectedSession(window.localStorage);
    else console.error('Token validation error', perfil.error);
    goToLogin(currentAddress());
  }, [perfil.error]);

  // The frame index.html already shows (ADR 0059), so the page does not change until the app is in.
  if (!perfil.data) return <PortalShell />;
  return <ClienteContext.Provider value={perfil.data}>{children}</ClienteContext.Provider>;
}
