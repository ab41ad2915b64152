/*
 * The browser session (spec §3.1), written once for the public site, the panel and the client
 * area. Everything takes the storage as an argument (window.localStorage in the browser, a map
 * in tests) and makes no calls: the apps talk to the API and tell this module what it said.
 */
import { effectiveUserType, type Role } from './access';
import type { ClienteLoginResponse, ClienteResponse, StaffLoginResponse, UserResponse } from './api-types';
import { deriveUserType, isUserType, type UserType } from './roles';

/** The part of the DOM Storage interface the session needs. */
export interface SessionStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const SESSION_KEYS = {
  token: 'token',
  userRole: 'userRole',
  isAuthenticated: 'isAuthenticated',
  userData: 'userData',
  userType: 'userType',
  simulatedUserType: 'simulatedUserType',
  sidebarIsOpen: 'sidebarIsOpen',
  userName: 'userName',
  userEmail: 'userEmail',
} as const;

export type SessionKey = (typeof SESSION_KEYS)[keyof typeof SESSION_KEYS];

const K = SESSION_KEYS;

/*
 * What a login or a logout clears. The sidebar's open/closed state is a layout preference
 * remembered across logins (§2.10), so it survives.
 */
const LOGIN_KEYS: readonly SessionKey[] = [
  K.token,
  K.userRole,
  K.isAuthenticated,
  K.userData,
  K.userType,
  K.simulatedUserType,
  K.userName,
  K.userEmail,
];

/** What a rejected stored token takes with it (§4, login page). */
export const REJECTED_SESSION_KEYS: readonly SessionKey[] = [
  K.token,
  K.userRole,
  K.isAuthenticated,
  K.userData,
  K.simulatedUserType,
];

/**
 * What the client area's Sair removes (§4), plus the token, which must not outlive it, and
 * userData, the company's profile, which must not stay on a shared computer (issue 10).
 */
export const CLIENTE_LOGOUT_KEYS: readonly SessionKey[] = [K.isAuthenticated, K.userRole, K.userName, K.token, K.userData];

export const ROLES: readonly Role[] = ['user', 'cliente'];

export function isRole(v: unknown): v is Role {
  return v === 'user' || v === 'cliente';
}

export interface Session {
  token: string | null;
  role: Role | null;
  isAuthenticated: boolean;
  /** The stored profile, parsed; null when missing or not a JSON object. */
  userData: Record<string, unknown> | null;
  /** The stored (real) user type of a staff member, if valid. */
  userType: UserType | null;
  simulatedUserType: UserType | null;
  /** Open unless stored as 'false' (§2.10). */
  sidebarIsOpen: boolean;
  userName: string | null;
  userEmail: string | null;
}

function parseObject(json: string | null): Record<string, unknown> | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function asUserType(v: string | null): UserType | null {
  return isUserType(v) ? v : null;
}

export function readSession(storage: SessionStore): Session {
  const role = storage.getItem(K.userRole);
  return {
    token: storage.getItem(K.token) || null,
    role: isRole(role) ? role : null,
    isAuthenticated: storage.getItem(K.isAuthenticated) === 'true',
    userData: parseObject(storage.getItem(K.userData)),
    userType: asUserType(storage.getItem(K.userType)),
    simulatedUserType: asUserType(storage.getItem(K.simulatedUserType)),
    sidebarIsOpen: storage.getItem(K.sidebarIsOpen) !== 'false',
    userName: storage.getItem(K.userName),
    userEmail: storage.getItem(K.userEmail),
  };
}

export function removeKeys(storage: SessionStore, keys: readonly SessionKey[]): void {
  for (const key of keys) storage.removeItem(key);
}

/** Clears the session; the stored userType survives only when asked (§3.1). */
export function clearSession(storage: SessionStore, options: { keepUserType?: boolean } = {}): void {
  removeKeys(
    storage,
    options.keepUserType ? LOGIN_KEYS.filter((key) => key !== K.userType) : LOGIN_KEYS,
  );
}

/** A stored token the server refused: forget it, as the login page does (§4). */
export function clearRejectedSession(storage: SessionStore): void {
  removeKeys(storage, REJECTED_SESSION_KEYS);
}

/** The client area's Sair (§4). */
export function clearClienteLogout(storage: SessionStore): void {
  removeKeys(storage, CLIENTE_LOGOUT_KEYS);
}

function storeProfile(storage: SessionStore, role: Role, profile: UserResponse | ClienteResponse): void {
  storage.setItem(K.userRole, role);
  storage.setItem(K.isAuthenticated, 'true');
  storage.setItem(K.userData, JSON.stringify(profile));
  if (role === 'user') {
    const user = profile as UserResponse;
    const userType = deriveUserType(user.permissions);
    if (userType) storage.setItem(K.userType, userType);
    else storage.removeItem(K.userType);
    setOrRemove(storage, K.userName, user.nomeCompleto || user.username);
  } else {
    const cliente = profile as ClienteResponse;
    setOrRemove(storage, K.userName, cliente.razaoSocial || cliente.nomeFantasia);
  }
  setOrRemove(storage, K.userEmail, profile.email);
}

function setOrRemove(storage: SessionStore, key: SessionKey, value: string | null | undefined): void {
  if (value) storage.setItem(key, value);
  else storage.removeItem(key);
}

/** A staff login (§3.10): old items go, the new session and the derived user type are stored. */
export function saveStaffLogin(storage: SessionStore, res: StaffLoginResponse): void {
  clearSession(storage);
  storage.setItem(K.token, res.token);
  storeProfile(storage, 'user', res.user);
}

/** A client login (§3.10): userName is the razão social, else the nome fantasia. */
export function saveClienteLogin(storage: SessionStore, res: ClienteLoginResponse): void {
  clearSession(storage);
  storage.setItem(K.token, res.token);
  storeProfile(storage, 'cliente', res.data);
}

/**
 * The profile endpoint (/api/auth/me, /api/clientes/me) accepted the stored token: refresh
 * what was stored about the account. The token and a master's simulation are kept.
 */
export function saveProfile(storage: SessionStore, role: Role, profile: UserResponse | ClienteResponse): void {
  storeProfile(storage, role, profile);
}

/** The staff member's stored profile, or null if the session is not a staff one. */
export function readStaffUser(storage: SessionStore): UserResponse | null {
  const session = readSession(storage);
  return session.role === 'user' && session.userData ? (session.userData as unknown as UserResponse) : null;
}

/** The client company's stored profile, or null if the session is not a client one. */
export function readClienteUser(storage: SessionStore): ClienteResponse | null {
  const session = readSession(storage);
  return session.role === 'cliente' && session.userData ? (session.userData as unknown as ClienteResponse) : null;
}

/**
 * The real user type of a staff session: the stored one, else inferred from the permissions
 * in userData (§2.2). Null for a client session or when it cannot be told.
 */
export function realUserType(storage: SessionStore): UserType | null {
  const session = readSession(storage);
  if (session.role !== 'user') return null;
  if (session.userType) return session.userType;
  const permissions = session.userData?.permissions;
  return Array.isArray(permissions) ? deriveUserType(permissions as string[]) : null;
}

/**
 * The user type the panel shows: a master's stored simulation applies; for anyone else a
 * stored simulation is removed (§4, Simulation).
 */
export function sessionUserType(storage: SessionStore): UserType | null {
  const real = realUserType(storage);
  if (!real) return null;
  const simulated = storage.getItem(K.simulatedUserType);
  if (simulated !== null && (real !== 'master' || !isUserType(simulated))) {
    storage.removeItem(K.simulatedUserType);
    return real;
  }
  return effectiveUserType(real, simulated);
}

/**
 * A master picks the view to simulate; null resets to the real type. Ignored for anyone else.
 * Returns the effective type afterwards.
 */
export function setSimulatedUserType(storage: SessionStore, simulated: UserType | null): UserType | null {
  if (realUserType(storage) === 'master' && simulated) storage.setItem(K.simulatedUserType, simulated);
  else storage.removeItem(K.simulatedUserType);
  return sessionUserType(storage);
}

/** The login page forgets any simulation on load (§4). */
export function forgetSimulatedUserType(storage: SessionStore): void {
  storage.removeItem(K.simulatedUserType);
}

export function setSidebarOpen(storage: SessionStore, open: boolean): void {
  storage.setItem(K.sidebarIsOpen, String(open));
}

/** Where a role lives: staff in the panel, clients in their area, anyone else at the login. */
export function homeForRole(role: Role | null | undefined): '/painel' | '/cliente' | '/login' {
  if (role === 'user') return '/painel';
  if (role === 'cliente') return '/cliente';
  return '/login';
}

/** Any origin: only a path's resolution against it matters. */
const SAME_SITE = 'https://veritas.invalid';

/**
 * Where a sign-in lands: back at the address a signed-out visitor asked for (`next`, from
 * /login?next=…) when it is a path of this site inside the role's own area, else the role's home.
 * Another origin, a protocol-relative "//host", a backslash (browsers read it as a slash), control
 * characters or a path outside the area ("/cliente/../painel" included) are ignored.
 */
export function afterSignIn(role: Role, next: string | null | undefined): string {
  const home = homeForRole(role);
  if (!next || !next.startsWith('/') || next.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(next)) return home;
  let url: URL;
  try {
    url = new URL(next, SAME_SITE);
  } catch {
    return home;
  }
  if (url.origin !== SAME_SITE) return home;
  if (url.pathname !== home && !url.pathname.startsWith(`${home}/`)) return home;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /login, asked to come back to `path` after the sign-in (an area's home needs no return). */
export function loginReturningTo(path: string): string {
  return path === '/cliente' || path === '/painel' ? '/login' : `/login?next=${encodeURIComponent(path)}`;
}

export type GuardDecision = { allowed: true; role: Role } | { allowed: false; redirectTo: string };

/**
 * Route protection (§2.2) on what is stored: unauthenticated visitors go to /login, a role that
 * is not listed goes to its own home. An empty list admits any authenticated role.
 */
export function guardRoute(session: Session, allowedRoles: readonly Role[] = []): GuardDecision {
  if (!session.isAuthenticated || !session.token || !session.role) {
    return { allowed: false, redirectTo: '/login' };
  }
  if (allowedRoles.length > 0 && !allowedRoles.includes(session.role)) {
    return { allowed: false, redirectTo: homeForRole(session.role) };
  }
  return { allowed: true, role: session.role };
}

export type PanelEntry = { ok: true; userType: UserType } | { ok: false };

/**
 * Entry to the staff panel (§2.2): the flag must be set and the role be user, and the user type
 * must be stored or inferable. Otherwise the session is cleared; the caller goes to /login.
 */
export function enterPanel(storage: SessionStore): PanelEntry {
  const session = readSession(storage);
  if (!session.isAuthenticated || session.role !== 'user' || !session.token) {
    clearSession(storage);
    return { ok: false };
  }
  const userType = sessionUserType(storage);
  if (!userType) {
    clearSession(storage);
    return { ok: false };
  }
  return { ok: true, userType };
}

/** The Authorization header for the stored token, or nothing. */
export function bearerHeader(storage: SessionStore): Record<string, string> {
  const token = storage.getItem(K.token);
  return token ? { Authorization: `Bearer ${token}` } : {};
}
