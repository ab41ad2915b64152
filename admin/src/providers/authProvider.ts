/*
 * The panel's authProvider over /api/auth and the shared session module. Signing in happens on
 * the public /login page, so every way out of the panel is a full page load to /login.
 */
import type { AuthProvider } from 'react-admin';
import {
  USER_TYPE_LABELS,
  type UserResponse,
  clearSession,
  enterPanel,
  guardRoute,
  readSession,
  readStaffUser,
  saveProfile,
  sessionUserType,
} from '@veritas/common';
import { endServerSession, errorStatus } from '@veritas/web';
import { webClient } from './webClient';

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
    const me = await webClient.request<{ data?: UserResponse } | null>('/api/auth/me');
    if (me?.data) saveProfile(storage(), 'user', me.data);
    return 'valid';
  } catch (error) {
    // Any answer but a success rejects the token (§4: only the status is read).
    if (errorStatus(error) !== undefined) return 'rejected';
    // Offline or the server is down: stay, and let the next call decide.
    console.error('Token validation error', error);
    return 'unreachable';
  }
}

export const authProvider: AuthProvider = {
  // The login form lives on the public site (/login).
  login: () => Promise.reject(new Error('O login é feito na página /login.')),

  // Sair: the server ends the session first (issue 54), then the page leaves. The exits forced by a
  // refused token leave before react-admin calls this, so they never ask the server.
  logout: async () => {
    if (leaving) return false;
    leaving = true;
    await endServerSession(storage());
    leaveToLogin();
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

/** "Sair de todos os dispositivos": every session of the person ends, this one too; false when the server could not be told. */
export async function logoutEverywhere(): Promise<boolean> {
  if (!(await endServerSession(storage(), { everywhere: true }))) return false;
  leaveToLogin();
  return true;
}

/** What the panel calls a user type on screen. */
export function userTypeLabel(userType: unknown): string {
  return typeof userType === 'string' && userType in USER_TYPE_LABELS
    ? USER_TYPE_LABELS[userType as keyof typeof USER_TYPE_LABELS]
    : '';
}
