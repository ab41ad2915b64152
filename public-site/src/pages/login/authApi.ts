/*
 * The login page's conversations with the API (spec §4, §8): the automatic check of a
 * stored session and the two-step sign-in (staff first, then client).
 */
import {
  type ClienteLoginResponse,
  type Role,
  type StaffLoginResponse,
  clearRejectedSession,
  readSession,
  saveClienteLogin,
  saveProfile,
  saveStaffLogin,
} from '@veritas/common';
import { serverMessage } from '@veritas/web';

export const LOGIN_MESSAGES = {
  emptyFields: 'Por favor, preencha todos os campos.',
  invalidCredentials: 'Email ou senha inválidos.',
  failure: 'Ocorreu um erro durante a autenticação. Tente novamente.',
} as const;

export type SignInResult = { ok: true; role: Role } | { ok: false; message: string };

type Fetch = typeof fetch;

const PROFILE_ENDPOINT: Record<Role, string> = {
  user: '/api/auth/me',
  cliente: '/api/clientes/me',
};

async function readJson(res: Response): Promise<any> {
  try {
    return await res.json();
  } catch {
    return null;
  }
}

function postCredentials(fetchFn: Fetch, url: string, email: string, password: string) {
  return fetchFn(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}

/**
 * Staff login first; when the staff endpoint does not know the credentials, client login.
 * A 403 (blocked or inactive account) or 429 (too many attempts) stops the attempt and its
 * message is shown, as does any answer of the client endpoint other than "unknown".
 */
export async function signIn(
  email: string,
  password: string,
  storage: Storage = window.localStorage,
  fetchFn: Fetch = window.fetch.bind(window),
): Promise<SignInResult> {
  if (!email.trim() || !password) return { ok: false, message: LOGIN_MESSAGES.emptyFields };
  const login = email.trim();
  try {
    const staff = await postCredentials(fetchFn, '/api/auth/login', login, password);
    const staffBody = await readJson(staff);
    if (staff.ok) {
      saveStaffLogin(storage, staffBody as StaffLoginResponse);
      return { ok: true, role: 'user' };
    }
    if (staff.status === 403 || staff.status === 429) {
      return { ok: false, message: serverMessage(staffBody) ?? LOGIN_MESSAGES.failure };
    }
    if (staff.status >= 500) return { ok: false, message: LOGIN_MESSAGES.failure };

    const cliente = await postCredentials(fetchFn, '/api/clientes/login', login, password);
    const clienteBody = await readJson(cliente);
    if (cliente.ok) {
      saveClienteLogin(storage, clienteBody as ClienteLoginResponse);
      return { ok: true, role: 'cliente' };
    }
    if (cliente.status === 400 || cliente.status === 401 || cliente.status === 404) {
      return { ok: false, message: LOGIN_MESSAGES.invalidCredentials };
    }
    if (cliente.status === 403 || cliente.status === 429) {
      return { ok: false, message: serverMessage(clienteBody) ?? LOGIN_MESSAGES.failure };
    }
    return { ok: false, message: LOGIN_MESSAGES.failure };
  } catch (error) {
    console.error('Login error', error);
    return { ok: false, message: LOGIN_MESSAGES.failure };
  }
}

/**
 * Validates a stored session with the profile endpoint of its role. Returns the role to
 * go to, or null when there is nothing to resume. A rejected token is forgotten; a network
 * failure is only logged and leaves storage alone (spec §4, §8).
 */
export async function resumeStoredSession(
  storage: Storage = window.localStorage,
  fetchFn: Fetch = window.fetch.bind(window),
): Promise<Role | null> {
  const { token, role } = readSession(storage);
  if (!token || !role) return null;
  try {
    const res = await fetchFn(PROFILE_ENDPOINT[role], {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    });
    if (!res.ok) {
      clearRejectedSession(storage);
      return null;
    }
    const body = await readJson(res);
    if (body?.data) saveProfile(storage, role, body.data);
    return role;
  } catch (error) {
    console.error('Auto-login error', error);
    return null;
  }
}

/** Whether the automatic check will run: a token and a role are stored. */
export function hasStoredSession(storage: Storage): boolean {
  const { token, role } = readSession(storage);
  return Boolean(token && role);
}
