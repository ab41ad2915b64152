import { useMemo, useState } from 'react';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import DevicesIcon from '@mui/icons-material/Devices';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import { useNavigate } from 'react-router-dom';
import { Logout, useBasename, UserMenuContextProvider, useNotify, useTranslate } from 'react-admin';
import { logoutEverywhere } from '../providers/authProvider';
import { AppBarMenu } from './AppBarMenu';

/**
 * The profile menu's list (loaded with its first opening): "Minha conta" (issue 53: the recovery
 * e-mail), "Sair de todos os dispositivos" (issue 54: every session of the person ends, this one too)
 * and react-admin's Logout, "Sair".
 */
export default function UserMenuPopup({ anchorEl, onClose }: { anchorEl: HTMLElement; onClose: () => void }) {
  const context = useMemo(() => ({ onClose }), [onClose]);
  const notify = useNotify();
  const [pending, setPending] = useState(false);
  const translate = useTranslate();
  const navigate = useNavigate();
  const basename = useBasename();
  const everywhere = async () => {
    setPending(true);
    if (!(await logoutEverywhere())) {
      setPending(false);
      notify('Não foi possível encerrar as sessões agora. Tente novamente.', { type: 'error' });
    }
  };
  return (
    <UserMenuContextProvider value={context}>
      <AppBarMenu id="menu-appbar" anchorEl={anchorEl} onClose={onClose}>
        <MenuItem
          onClick={() => {
            onClose();
            navigate(`${basename}/minha-conta`);
          }}
        >
          <ListItemIcon>
            <ManageAccountsIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('conta.menu')}</ListItemText>
        </MenuItem>
        <MenuItem disabled={pending} onClick={() => void everywhere()}>
          <ListItemIcon>
            <DevicesIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Sair de todos os dispositivos</ListItemText>
        </MenuItem>
        <Logout />
      </AppBarMenu>
    </UserMenuContextProvider>
  );
}
