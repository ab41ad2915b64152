import { lazy } from 'react';

/** E-mail de saída (issue 53, ADR 0055): a tab of Configurações, for the board. */
export default {
  page: lazy(() => import('./EmailSaidaPage')),
};
