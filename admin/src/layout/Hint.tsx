import { lazy, Suspense } from 'react';
import type { TooltipProps } from '@mui/material/Tooltip';

// MUI's tooltip brings Popper.js (about 20 KB gzip): it loads right after the first screen.
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/**
 * MUI's `<Tooltip>`, loaded after the first screen has painted: until then the child shows without
 * it. The child names itself (`aria-label`), so nothing depends on the tooltip to be understood.
 */
export function Hint({ children, ...props }: TooltipProps) {
  return (
    <Suspense fallback={children}>
      <Tooltip {...props}>{children}</Tooltip>
    </Suspense>
  );
}
