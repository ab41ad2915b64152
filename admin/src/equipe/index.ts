import { lazy } from 'react';

/** Equipe (issue 13): a custom route, its own chunk. */
export default {
  page: lazy(() => import('./EquipePage')),
};
