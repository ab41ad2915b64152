import { type ReactNode, useEffect, useState } from 'react';
import {
  type ClienteResponse,
  type Role,
  type UserResponse,
  clearRejectedSession,
  guardRoute,
  readSession,
  saveProfile,
} from '@veritas/common';
import { errorStatus } from '@veritas/web';
import { client } from '../lib/api';

const PROFILE_ENDPOINT: Record<Role, string> = {
  user: '/api/auth/me',
  cliente: '/api/clientes/me',
};

type Profile = UserResponse | ClienteResponse;

type State = { status: 'checking' } | { status: 'ready'; profile: Profile };

/** Both other apps are other pages: leaving is a full page load. */
function leaveTo(path: string) {
  window.location.assign(path);
}

/**
 * Route protection (spec §2.2): 'Carregando...' while the stored session is checked with the
 * server; the unauthenticated go to /login, a role not listed to its own home.
 */
export function RequireRole({
  roles,
  children,
}: {
  roles: readonly Role[];
  children: (profile: Profile) => ReactNode;
}) {
  const [state, setState] = useState<State>({ status: 'checking' });

  useEffect(() => {
    const storage = window.localStorage;
    const decision = guardRoute(readSession(storage), roles);
    if (!decision.allowed) {
      leaveTo(decision.redirectTo);
      return;
    }
    const role = decision.role;
    let cancelled = false;
    client
      .get<Profile>(PROFILE_ENDPOINT[role])
      .then((profile) => {
        if (cancelled) return;
        saveProfile(storage, role, profile);
        setState({ status: 'ready', profile });
      })
      .catch((error) => {
        if (cancelled) return;
        // A refused token is forgotten; a network failure leaves the visitor unauthenticated
        // without clearing storage (§4).
        if (errorStatus(error) !== undefined) clearRejectedSession(storage);
        else console.error('Token validation error', error);
        leaveTo('/login');
      });
    return () => {
      cancelled = true;
    };
  }, [roles]);

  if (state.status === 'checking') {
    return (
      <p className="loading" role="status">
        Carregando...
      </p>
    );
  }
  return <>{children(state.profile)}</>;
}
