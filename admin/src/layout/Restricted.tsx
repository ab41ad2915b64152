import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import { Loading } from 'react-admin';
import { can, type Action } from '@veritas/common';
import { useUserType } from './useUserType';
import { Notice } from './Notice';

/** True when the panel's user type and permissions may use `action` (the server checks again, by the real ones). */
export function useCan(action: Action): boolean {
  const { principal } = useUserType();
  return can(principal, action);
}

export const NO_PERMISSION_MESSAGE = 'Você não tem permissão para acessar esta página.';

/** What a screen the person may not use shows instead of controls that would be refused. */
export function NoPermission() {
  return (
    <Box sx={{ mt: 2 }}>
      <Notice severity="warning">{NO_PERMISSION_MESSAGE}</Notice>
    </Box>
  );
}

/** A screen that is not in this person's menu says so instead of showing controls that would be refused. */
export function Restricted({ action, children }: { action: Action; children: ReactNode }) {
  const { isPending } = useUserType();
  const allowed = useCan(action);
  if (isPending) return <Loading />;
  if (!allowed) return <NoPermission />;
  return <>{children}</>;
}
