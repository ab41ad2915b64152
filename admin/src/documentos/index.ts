import { lazy } from 'react';
import DescriptionIcon from '@mui/icons-material/Description';

/** Documentos (§2.10), in react-admin's resource shape; the list screen is its own chunk. */
export default {
  list: lazy(() => import('./DocumentosList')),
  icon: DescriptionIcon,
  recordRepresentation: 'titulo',
};
