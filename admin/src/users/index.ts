import { lazy } from 'react';
import SettingsIcon from '@mui/icons-material/Settings';

/**
 * Usuários (Configurações, §2.11), in react-admin's resource shape. Its list is mounted at
 * /painel/configuracoes (a custom route with the spec's URL), not at /painel/users.
 */
export default {
  list: lazy(() => import('./UserList')),
  icon: SettingsIcon,
  recordRepresentation: 'nomeCompleto',
};
