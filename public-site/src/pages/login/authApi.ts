/*
 * The login page's conversations with the API (spec §4, §8): the automatic check of a
 * stored session and the one sign-in (issue 54: the server decides staff or client by the e-mail).
 */
import {
  type ClienteResponse,
  type DataEnvelope,
  type Role,
  type SignInResponse,
  type UserResponse,
  clearRejectedSession,
  readSession,
  saveClienteLogin,
  saveProfile,
  saveStaffLogin,
} from '@veritas/common';
import { ApiError, createApiClient, NO_SESSION, serverMessage } from '@veritas/web';

export const LOGIN_MESSAGES = {
  emptyFields: 'Por favor, preencha todos os campos.',
  invalidCredentials: 'Email ou senha inválidos.',
  failure: 'Ocorreu um erro durante a autenticação. Tente novamente.',
} as const;

export type SignInResult = { ok: true; role: Role } | { ok: false; message: string };

const PROFILE_ENDPOINT: Record<Role, string> = {
  user: '/api/auth/me',
  cliente: '/api/clientes/me',
};

/** Signing in carries no session: the old one is replaced by what the answer brings. */
const anonymous = createApiClient({ storage: NO_SESSION });

/** The status of a refused sign-in (0: no answer) and the server's own message, if it sent one. */
function refusal(error: unknown): { status: number; message: string | null } {
  return error instanceof ApiError ? { status: error.status, message: serverMessage(error.body) } : { status: 0, message: null };
}

/**
 * One call to POST /api/auth/login, which says who signed in (`role`). A 401 (or a form the server
 * refused) is "invalid credentials"; a 403 (inactive account) or 429 (too many attempts) shows the
 * server's own message; anything else is the generic failure.
 */
export async function signIn(email: string, password: string, storage: Storage = window.localStorage): Promise<SignInResult> {
  if (!email.trim() || !password) return { ok: false, message: LOGIN_MESSAGES.emptyFields };
  const credentials = { email: email.trim(), password };
  try {
    const answer = await anonymous.request<SignInResponse>('/api/auth/login', { method: 'POST', body: credentials });
    if (answer.role === 'cliente') saveClienteLogin(storage, answer);
    else saveStaffLogin(storage, answer);
    return { ok: true, role: answer.role === 'cliente' ? 'cliente' : 'user' };
  } catch (error) {
    const refused = refusal(error);
    if (refused.status === 400 || refused.status === 401 || refused.status === 404) return { ok: false, message: LOGIN_MESSAGES.invalidCredentials };
    if (refused.status === 403 || refused.status === 429) return { ok: false, message: refused.message ?? LOGIN_MESSAGES.failure };
    return failed(error);
  }
}

/** A sign-in that could not be answered (§8): logged, and the generic words. */
function failed(error: unknown): SignInResult {
  console.error('Login error', error);
  return { ok: false, message: LOGIN_MESSAGES.failure };
}

/**
 * Validates a stored session with the profile endpoint of its role. Returns the role to
 * go to, or null when there is nothing to resume. A rejected token is forgotten; a network
 * failure is only logged and leaves storage alone (spec §4, §8).
 */
export async function resumeStoredSession(storage: Storage = window.localStorage): Promise<Role | null> {
  const { token, role } = readSession(storage);
  if (!token || !role) return null;
  try {
    const body = await createApiClient({ storage }).request<Partial<DataEnvelope<UserResponse | ClienteResponse>> | null>(PROFILE_ENDPOINT[role]);
    if (body?.data) saveProfile(storage, role, body.data);
    return role;
  } catch (error) {
    if (error instanceof ApiError && error.status > 0) {
      clearRejectedSession(storage);
      return null;
    }
    console.error('Auto-login error', error);
    return null;
  }
}

/** Whether the automatic check will run: a token and a role are stored. */
export function hasStoredSession(storage: Storage): boolean {
  const { token, role } = readSession(storage);
  return Boolean(token && role);
}
