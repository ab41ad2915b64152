import { use, type ComponentType } from 'react';
import type { TooltipProps } from '@mui/material/Tooltip';

/** The child alone: what a Hint draws if the tooltip's code cannot be downloaded. */
function Bare({ children }: TooltipProps) {
  return children;
}

// MUI's tooltip brings Popper.js (one chunk of about 11 KB gzip): it is not in the first load. Its download starts
// with this module, beside the first screen's own requests, and a Hint waits for it (use()) before
// drawing its child at all. Drawing the child alone and wrapping it once the tooltip arrived would
// put a new element in the old one's place: a press or the keyboard focus on it then was lost.
const tooltip: Promise<ComponentType<TooltipProps>> = import('@mui/material/Tooltip').then(
  (module) => module.default,
  () => Bare,
);

/**
 * MUI's `<Tooltip>`, downloaded after the first load. Until it is here a Hint suspends (the panel's
 * frame waits under its Suspense). The child names itself (`aria-label`), so nothing depends on
 * the tooltip to be understood.
 */
export function Hint(props: TooltipProps) {
  const Tooltip = use(tooltip);
  return <Tooltip {...props} />;
}
