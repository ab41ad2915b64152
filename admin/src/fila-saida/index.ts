import { lazy } from 'react';

/** Fila de saída (issue 53): a tab of Configurações, for the board. */
export default {
  page: lazy(() => import('./FilaSaidaPage')),
};
