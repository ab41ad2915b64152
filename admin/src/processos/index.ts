import { lazy } from 'react';

/**
 * Processos (issue 11): the board of registros by stage at /painel/processos, and the stage and
 * checklist templates in Configurações → Processos. Each view is its own chunk.
 */
export default {
  page: lazy(() => import('./ProcessosBoard')),
  modelos: lazy(() => import('./ModelosPage')),
};
