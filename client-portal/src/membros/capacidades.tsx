import type { ReactNode } from 'react';
import { type Capacidade, SEM_CAPACIDADE, temCapacidade } from '@veritas/common';
import { useCliente } from '../auth/RequireCliente';
import { Notice } from '../ui/Notice';

/**
 * Whether the signed-in member may do `c` (issue 54, ADR 0058), by the same shared rule the server's
 * guard applies: the portal hides what would be refused. A profile without a member (none today) may.
 */
export function usePode(c: Capacidade): boolean {
  const { membro } = useCliente();
  return !membro || temCapacidade(membro, c);
}

/** A screen the member may not use says why instead (an address typed or bookmarked). */
export function ComCapacidade({ c, children }: { c: Capacidade; children: ReactNode }) {
  return usePode(c) ? <>{children}</> : <Notice kind="info">{SEM_CAPACIDADE[c]}</Notice>;
}
