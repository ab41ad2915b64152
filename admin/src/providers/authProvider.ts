/*
 * The panel's authProvider over /api/auth and the shared session module. Signing in happens on
 * the public /login page, so every way out of the panel is a full page load to /login.
 */
import type { AuthProvider } from 'react-admin';
import {
  USER_TYPE_LABELS,
  type UserResponse,
  bearerHeader,
  clearSession,
  enterPanel,
  guardRoute,
  readSession,
  readStaffUser,
  saveProfile,
  sessionUserType,
} from '@veritas/common';

const LOGIN_PAGE = '/login';

function storage(): Storage {
  return window.localStorage;
}

/*
 * Set once this page has started leaving. react-admin answers a failed checkAuth by calling
 * logout(); that call must not clear the session of a client being sent to /cliente, nor
 * start a second navigation.
 */
let leaving = false;

function leaveTo(path: string): void {
  leaving = true;
  window.location.assign(path);
}

/** Leaves the panel: clears the session and loads the public login page. */
function leaveToLogin(): void {
  clearSession(storage());
  leaveTo(LOGIN_PAGE);
}

/** Rejection that tells react-admin not to navigate or notify: the page is already leaving. */
const silentRejection = () => Promise.reject({ redirectTo: false, message: false });

/*
 * The stored token is checked with the server once per page load (spec §4); later checks
 * only read storage.
 */
let tokenValidation: Promise<'valid' | 'rejected' | 'unreachable'> | null = null;

async function validateToken(): Promise<'valid' | 'rejected' | 'unreachable'> {
  try {
    const res = await fetch('/api/auth/me', {
      headers: { Accept: 'application/json', ...bearerHeader(storage()) },
    });
    if (!res.ok) return 'rejected';
    const body = (await res.json().catch(() => null)) as { data?: UserResponse } | null;
    if (body?.data) saveProfile(storage(), 'user', body.data);
    return 'valid';
  } catch (error) {
    // Offline or the server is down: stay, and let the next call decide.
    console.error('Token validation error', error);
    return 'unreachable';
  }
}

export const authProvider: AuthProvider = {
  // The login form lives on the public site (/login).
  login: () => Promise.reject(new Error('O login é feito na página /login.')),

  logout: async () => {
    if (!leaving) leaveToLogin();
    return false;
  },

  checkAuth: async () => {
    if (leaving) return silentRejection();
    // A signed-in client belongs in the client area (§2.2); its session stays.
    const decision = guardRoute(readSession(storage()), ['user']);
    if (!decision.allowed && decision.redirectTo !== LOGIN_PAGE) {
      leaveTo(decision.redirectTo);
      return silentRejection();
    }
    // Panel entry (§2.2): no flag, another role or no user type clears the session.
    if (!enterPanel(storage()).ok) {
      leaveToLogin();
      return silentRejection();
    }
    tokenValidation ??= validateToken();
    const outcome = await tokenValidation;
    if (outcome === 'rejected') {
      tokenValidation = null;
      leaveToLogin();
      return silentRejection();
    }
  },

  checkError: async (error: { status?: number } | undefined) => {
    if (leaving) return silentRejection();
    if (error?.status === 401) {
      leaveToLogin();
      return silentRejection();
    }
    // 403 means "not for you", not "not signed in": stay.
  },

  getIdentity: async () => {
    const user = readStaffUser(storage());
    if (!user) throw new Error('Sessão não encontrada.');
    return {
      id: user._id,
      fullName: user.nomeCompleto || user.username,
      email: user.email,
      username: user.username,
    };
  },

  // After the page's token check: it rewrites the stored profile, so a user type edited in
  // storage never decides a menu.
  getPermissions: async () => {
    tokenValidation ??= validateToken();
    if ((await tokenValidation) === 'rejected') return null;
    return sessionUserType(storage());
  },
};

/** What the panel calls a user type on screen. */
export function userTypeLabel(userType: unknown): string {
  return typeof userType === 'string' && userType in USER_TYPE_LABELS
    ? USER_TYPE_LABELS[userType as keyof typeof USER_TYPE_LABELS]
    : '';
}
