import { lazy } from 'react';
import BusinessIcon from '@mui/icons-material/Business';

/**
 * Clientes (§2.12), in react-admin's resource shape: the list screen (its own chunk) also opens
 * the modals at /painel/clientes/create, /painel/clientes/:id/show and /painel/clientes/:id.
 */
export default {
  list: lazy(() => import('./ClienteList')),
  icon: BusinessIcon,
  recordRepresentation: 'razaoSocial',
};
