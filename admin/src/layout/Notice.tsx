import { lazy, Suspense, type ReactNode } from 'react';
import { Box } from '@mui/material';

const Alert = lazy(() => import('@mui/material/Alert'));

/**
 * MUI's `<Alert>` for the first screens' rare messages (an error, no permission), loaded when one
 * is shown; until then, and if even that download fails, the same text in the severity's colour.
 */
export function Notice({ severity, role = 'alert', children }: { severity: 'error' | 'warning' | 'info' | 'success'; role?: 'alert' | 'status'; children: ReactNode }) {
  return (
    <Suspense fallback={<Box role={role} sx={{ px: 2, py: 1.5, color: `${severity}.main` }}>{children}</Box>}>
      <Alert severity={severity} role={role}>{children}</Alert>
    </Suspense>
  );
}
