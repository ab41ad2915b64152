import type { ReactElement } from 'react';
import { Box, ListItemIcon, ListItemText, MenuItem, MenuList, Typography, useMediaQuery, type Theme } from '@mui/material';
import AssessmentIcon from '@mui/icons-material/Assessment';
import BusinessIcon from '@mui/icons-material/Business';
import CategoryIcon from '@mui/icons-material/Category';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DescriptionIcon from '@mui/icons-material/Description';
import EventIcon from '@mui/icons-material/Event';
import ForumIcon from '@mui/icons-material/Forum';
import GroupsIcon from '@mui/icons-material/Groups';
import HourglassBottomIcon from '@mui/icons-material/HourglassBottom';
import LogoutIcon from '@mui/icons-material/Logout';
import MailIcon from '@mui/icons-material/Mail';
import PaymentsIcon from '@mui/icons-material/Payments';
import SettingsIcon from '@mui/icons-material/Settings';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import AssignmentIcon from '@mui/icons-material/Assignment';
import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import ViewKanbanIcon from '@mui/icons-material/ViewKanban';
import { useLogout, useSidebarState } from 'react-admin';
import { NavLink } from 'react-router-dom';
import { menuFor } from '@veritas/common';
import { sidebarWidth } from './theme';
import { useUserType } from './useUserType';
import { Hint } from './Hint';

const ICONS: Record<string, ReactElement> = {
  '/painel': <DashboardIcon />,
  '/painel/email': <MailIcon />,
  '/painel/registros': <AssignmentIcon />,
  '/painel/meu-registros': <AssignmentIndIcon />,
  '/painel/processos': <ViewKanbanIcon />,
  '/painel/financas': <PaymentsIcon />,
  '/painel/equipe': <GroupsIcon />,
  '/painel/agenda': <EventIcon />,
  '/painel/prazos': <HourglassBottomIcon />,
  '/painel/documentos': <DescriptionIcon />,
  '/painel/clientes': <BusinessIcon />,
  '/painel/tipos-cliente': <CategoryIcon />,
  '/painel/mensagens': <ForumIcon />,
  '/painel/relatorios': <AssessmentIcon />,
  '/painel/configuracoes': <SettingsIcon />,
  '/painel/auditoria': <FactCheckIcon />,
};

const itemSx = {
  color: 'text.secondary',
  '&.active': { color: 'text.primary', fontWeight: 600, bgcolor: 'action.selected' },
  '&.active .MuiListItemIcon-root': { color: 'primary.main' },
} as const;

/** One entry: the text when the sidebar is open, the icon with a tooltip when it is closed. */
function PanelMenuItem(props: { label: string; icon: ReactElement; open: boolean; to?: string; onClick?: () => void }) {
  const { label, icon, open, to, onClick } = props;
  const link = to ? { component: NavLink, to, end: to === '/painel' } : {};
  const item = (
    <MenuItem {...link} onClick={onClick} sx={itemSx} aria-label={open ? undefined : label}>
      <ListItemIcon sx={{ minWidth: 40 }}>{icon}</ListItemIcon>
      {open && <ListItemText primary={label} />}
    </MenuItem>
  );
  return open ? item : <Hint title={label} placement="right">{item}</Hint>;
}

/**
 * The side menu of §2.10: the entries of the effective user type (a master's simulation
 * applies) with what the person's permissions add (§3.4), under their heading, and a logout entry.
 */
export function PanelMenu() {
  const { userType, permissions } = useUserType();
  const [open, setOpen] = useSidebarState();
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const logout = useLogout();
  if (!userType) return null;
  const menu = menuFor(userType, permissions);
  // On a phone the sidebar is a drawer over the page: following a link closes it.
  const closeOnPhone = () => {
    if (isXSmall) setOpen(false);
  };
  return (
    <Box component="nav" aria-label="Menu do painel" sx={{ width: sidebarWidth(open), pt: 1, transition: 'width 200ms' }}>
      <Typography
        component="h2"
        variant="overline"
        sx={{ px: 2, display: 'block', color: 'text.secondary', ...(open ? {} : { textAlign: 'center', px: 0, fontSize: '0.6rem' }) }}
      >
        {menu.heading}
      </Typography>
      <MenuList>
        {menu.items.map((item) => (
          <PanelMenuItem key={item.path} label={item.label} to={item.path} icon={ICONS[item.path]} open={open} onClick={closeOnPhone} />
        ))}
        <PanelMenuItem label="Sair" icon={<LogoutIcon />} open={open} onClick={() => logout()} />
      </MenuList>
    </Box>
  );
}
