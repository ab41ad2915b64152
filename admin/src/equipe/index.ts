import { lazy } from 'react';

/** Equipe (issue 13): a custom route, its own chunk (the load table, absences and Reatribuir). */
export default {
  page: lazy(() => import('./EquipePage')),
};
