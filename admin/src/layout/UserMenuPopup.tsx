import { useMemo } from 'react';
import { Menu } from '@mui/material';
import { Logout, UserMenuContextProvider } from 'react-admin';

/** The profile menu's list (loaded with its first opening): react-admin's Logout, "Sair". */
export default function UserMenuPopup({ anchorEl, onClose }: { anchorEl: HTMLElement; onClose: () => void }) {
  const context = useMemo(() => ({ onClose }), [onClose]);
  return (
    <UserMenuContextProvider value={context}>
      <Menu
        id="menu-appbar"
        disableScrollLock
        anchorEl={anchorEl}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        open
        onClose={onClose}
      >
        <Logout />
      </Menu>
    </UserMenuContextProvider>
  );
}
