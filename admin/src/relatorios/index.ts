import { lazy } from 'react';

/** Relatórios (issue 13): a custom route (one report at a time), its own chunk. */
export default {
  page: lazy(() => import('./RelatoriosPage')),
};
