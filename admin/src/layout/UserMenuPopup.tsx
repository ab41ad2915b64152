import { useMemo, useState } from 'react';
import { ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import DevicesIcon from '@mui/icons-material/Devices';
import { Logout, UserMenuContextProvider, useNotify } from 'react-admin';
import { logoutEverywhere } from '../providers/authProvider';

/**
 * The profile menu's list (loaded with its first opening): "Sair de todos os dispositivos" (issue 54:
 * every session of the person ends, this one too) and react-admin's Logout, "Sair".
 */
export default function UserMenuPopup({ anchorEl, onClose }: { anchorEl: HTMLElement; onClose: () => void }) {
  const context = useMemo(() => ({ onClose }), [onClose]);
  const notify = useNotify();
  const [pending, setPending] = useState(false);
  const everywhere = async () => {
    setPending(true);
    if (!(await logoutEverywhere())) {
      setPending(false);
      notify('Não foi possível encerrar as sessões agora. Tente novamente.', { type: 'error' });
    }
  };
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
        <MenuItem disabled={pending} onClick={() => void everywhere()}>
          <ListItemIcon>
            <DevicesIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Sair de todos os dispositivos</ListItemText>
        </MenuItem>
        <Logout />
      </Menu>
    </UserMenuContextProvider>
  );
}
