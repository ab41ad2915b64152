import type { ReactNode } from 'react';
import { Alert, Box } from '@mui/material';
import { Loading } from 'react-admin';
import { can, type Action } from '@veritas/common';
import { useUserType } from './useUserType';

/** True when the panel's user type may see `action`'s screens (the server checks again, by the real type). */
export function useCan(action: Action): boolean {
  const { userType } = useUserType();
  return can({ role: 'user', userType: userType ?? undefined }, action);
}

/** A screen that is not in this user type's menu says so instead of showing controls that would be refused. */
export function Restricted({ action, children }: { action: Action; children: ReactNode }) {
  const { isPending } = useUserType();
  const allowed = useCan(action);
  if (isPending) return <Loading />;
  if (!allowed) {
    return (
      <Box sx={{ mt: 2 }}>
        <Alert severity="warning">Você não tem permissão para acessar esta página.</Alert>
      </Box>
    );
  }
  return <>{children}</>;
}
