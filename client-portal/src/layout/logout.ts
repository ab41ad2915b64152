import { clearClienteLogout, clearSession } from '@veritas/common';
import { endServerSession } from '@veritas/web';

/** Sair (§4): the server ends the session (issue 54), then the browser forgets it and goes to /login. */
export async function logout(): Promise<void> {
  await endServerSession(window.localStorage);
  clearClienteLogout(window.localStorage);
  window.location.assign('/login');
}

/** Sair de todos os dispositivos: every session of the company's login ends, this one too; false when the server could not be told. */
export async function logoutEverywhere(): Promise<boolean> {
  if (!(await endServerSession(window.localStorage, { everywhere: true }))) return false;
  clearSession(window.localStorage);
  window.location.assign('/login');
  return true;
}
