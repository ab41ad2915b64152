import { lazy } from 'react';

/** Tarefas em segundo plano (issue 15): a tab of Configurações, for the master. */
export default {
  page: lazy(() => import('./TarefasPage')),
};
