/* The background jobs' screen (issue 15) as named dataProvider methods. */
import type { OkResponse as Ok, TarefasEstado } from '@veritas/common';
import { apiData } from './webClient';

export const tarefasMethods = {
  /** The recurring jobs, their next and last runs, and the queue's counts. */
  tarefasEstado: () => apiData<TarefasEstado>('/tarefas'),
  /** One run now, besides the scheduled ones. */
  executarTarefa: (nome: string) => apiData<Ok>(`/tarefas/${encodeURIComponent(nome)}/executar`, { method: 'POST' }),
  /** A failed run back to the queue. */
  repetirFalha: (id: string) => apiData<Ok>(`/tarefas/falhas/${encodeURIComponent(id)}/repetir`, { method: 'POST' }),
  /** A failed run out of the list. */
  descartarFalha: (id: string) => apiData<Ok>(`/tarefas/falhas/${encodeURIComponent(id)}`, { method: 'DELETE' }),
};

export type TarefasMethods = typeof tarefasMethods;
