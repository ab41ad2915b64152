import { createContext, type ReactNode, useContext, useDeferredValue, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { type ClienteResponse, clearRejectedSession, guardRoute, readSession, saveProfile } from '@veritas/common';
import { currentAddress, errorStatus, goToLogin } from '../lib/api';
import { PortalShell } from '../layout/PortalShell';
import { perfilCheck } from './perfilCheck';
import { CLIENTE_ONLY } from './session';

const ClienteContext = createContext<ClienteResponse | null>(null);

/** The signed-in company's profile, as the server last sent it (inside RequireCliente only). */
export function useCliente(): ClienteResponse {
  const cliente = useContext(ClienteContext);
  if (!cliente) throw new Error('useCliente fora de RequireCliente');
  return cliente;
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

  // The frame index.html already shows stays until the whole area is ready (ADR 0059): the area's
  // first render is deferred, so React draws it in short slices instead of one long task.
  const cliente = useDeferredValue(perfil.data);
  if (!cliente) return <PortalShell />;
  return <ClienteContext.Provider value={cliente}>{children}</ClienteContext.Provider>;
}
