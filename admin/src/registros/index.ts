import { lazy } from 'react';
import AssignmentIcon from '@mui/icons-material/Assignment';

/**
 * Registros (§2.10's board list), in react-admin's resource shape: the list at /painel/registros
 * and a registro at /painel/registros/:id (`detail`, a child route of the Resource). Meus
 * Registros and Prazos are the same resource at their own addresses (custom routes).
 */
export default {
  list: lazy(() => import('./RegistrosList')),
  detail: lazy(() => import('./RegistroPage')),
  meus: lazy(() => import('./MeusRegistrosPage')),
  icon: AssignmentIcon,
  recordRepresentation: 'numero',
};
