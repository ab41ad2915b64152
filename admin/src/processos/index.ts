import { lazy } from 'react';

/** Processos (issue 11): the pipeline at /painel/processos and the templates' tab in Configurações. */
export default {
  page: lazy(() => import('./ProcessosPage')),
  modelos: lazy(() => import('./ModelosTab')),
};
