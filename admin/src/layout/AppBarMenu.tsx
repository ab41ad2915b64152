import type { ReactNode } from 'react';
import { Menu, type SxProps, type Theme } from '@mui/material';

/**
 * A menu opened from a button of the app bar (the profile menu, the bell), below it and aligned to its
 * right edge. Imported only by the lazily loaded popups, so MUI's menu stays out of the first load.
 */
export function AppBarMenu({ id, anchorEl, onClose, paperSx, children }: { id: string; anchorEl: HTMLElement; onClose: () => void; paperSx?: SxProps<Theme>; children: ReactNode }) {
  return (
    <Menu
      id={id}
      disableScrollLock
      anchorEl={anchorEl}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      open
      onClose={onClose}
      slotProps={paperSx ? { paper: { sx: paperSx } } : undefined}
    >
      {children}
    </Menu>
  );
}
