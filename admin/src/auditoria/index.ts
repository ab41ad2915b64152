import { lazy } from 'react';
import FactCheckIcon from '@mui/icons-material/FactCheck';

/** Auditoria (issue 16): the trail's list at /painel/auditoria; the per-record trail is AuditoriaTrail. */
export default {
  list: lazy(() => import('./AuditoriaList')),
  icon: FactCheckIcon,
};
