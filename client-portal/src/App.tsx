import type { ClienteResponse, Role } from '@veritas/common';
import { RequireRole } from './auth/RequireRole';
import { Welcome } from './home/Welcome';
import { Header } from './layout/Header';

const CLIENTE_ONLY: readonly Role[] = ['cliente'];

export function App() {
  return (
    <RequireRole roles={CLIENTE_ONLY}>
      {(profile) => (
        <div className="portal">
          <Header />
          <main className="container portal-main">
            <Welcome cliente={profile as ClienteResponse} />
          </main>
        </div>
      )}
    </RequireRole>
  );
}
