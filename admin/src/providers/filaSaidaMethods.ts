/* The outgoing mail (issue 53): the Fila de saída's actions and the banner's figures, as named dataProvider methods. */
import type { FilaSaidaItem, FilaSaidaResumo } from '@veritas/common';
import { apiData } from './webClient';

export const filaSaidaMethods = {
  /** Whether mail can go out, and how many messages wait (the board's banner). */
  filaSaidaResumo: () => apiData<FilaSaidaResumo>('/fila-saida/resumo'),
  /** A failed or waiting message is tried now, its attempts counted afresh. */
  reenviarMensagem: (id: string) => apiData<FilaSaidaItem>(`/fila-saida/${encodeURIComponent(id)}/reenviar`, { method: 'POST' }),
  /** A message that has not gone out never will; its content is removed. */
  cancelarMensagem: (id: string) => apiData<FilaSaidaItem>(`/fila-saida/${encodeURIComponent(id)}/cancelar`, { method: 'POST' }),
};

export type FilaSaidaMethods = typeof filaSaidaMethods;
