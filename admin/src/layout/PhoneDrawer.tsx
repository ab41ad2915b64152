import type { ReactNode } from 'react';
import { Drawer } from '@mui/material';

/** The menu over the page on a phone (loaded only there): closes on the backdrop and Escape. */
export default function PhoneDrawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Drawer variant="temporary" open={open} onClose={onClose} slotProps={{ paper: { sx: { height: '100vh', bgcolor: 'background.default' } } }}>
      {children}
    </Drawer>
  );
}
