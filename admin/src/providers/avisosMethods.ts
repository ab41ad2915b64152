/* The bell (issue 53): the reader's own notices, as named dataProvider methods. */
import type { AvisoItem, AvisosResposta } from '@veritas/common';
import { webClient } from './webClient';

/** How many notices the bell's list shows (the newest). */
export const AVISOS_NA_LISTA = 10;

export const avisosMethods = {
  /** The newest notices and the unread count (`quantos` 1: just the count, for the badge). */
  listAvisos: (quantos = AVISOS_NA_LISTA) =>
    webClient.request<AvisosResposta>(`/api/avisos?range=${encodeURIComponent(JSON.stringify([0, Math.max(0, quantos - 1)]))}`),
  /** One notice read (opened from the bell); answers it and the unread count left. */
  marcarAvisoLido: (id: string) => webClient.request<{ data: AvisoItem; naoLidos: number }>(`/api/avisos/${encodeURIComponent(id)}/lido`, { method: 'POST' }),
  /** "Marcar todas como lidas". */
  marcarAvisosLidos: () => webClient.request<{ data: { marcados: number }; naoLidos: number }>('/api/avisos/lidos', { method: 'POST' }),
};

export type AvisosMethods = typeof avisosMethods;
