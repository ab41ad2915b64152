import { lazy } from 'react';
import CategoryIcon from '@mui/icons-material/Category';

/** Tipos de Cliente (§2.13), in react-admin's resource shape; the list screen is its own chunk. */
export default {
  list: lazy(() => import('./TipoClienteList')),
  icon: CategoryIcon,
  recordRepresentation: 'nome',
};
