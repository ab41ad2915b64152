import type { ClienteResponse, Role } from '@veritas/common';
import { RequireRole } from './auth/RequireRole';
import { Portal } from './portal/Portal';

const CLIENTE_ONLY: readonly Role[] = ['cliente'];

export function App() {
  return <RequireRole roles={CLIENTE_ONLY}>{(profile) => <Portal cliente={profile as ClienteResponse} />}</RequireRole>;
}
