/*
 * The Agenda's calls (issue 13) as named dataProvider methods: the core dataProvider spreads
 * `agendaMethods` in, and the screen reaches them with `useAgendaApi()` (react-admin's
 * useDataProvider, so a 401 still signs out).
 */
import { useDataProvider, type DataProvider } from 'react-admin';
import type { AgendaFeedResponse, AgendaItemResponse, AgendaPessoaResponse, EventoInput, EventoResponse } from '@veritas/common';
import { apiData } from './registrosMethods';

const eventoPath = (id: string) => `/agenda/eventos/${encodeURIComponent(id)}`;

export const agendaMethods = {
  /** Events (each occurrence), due dates and holidays within [inicio, fim). */
  getAgenda: (params: { inicio: string; fim: string; responsavel?: string }) => {
    const q = new URLSearchParams({ inicio: params.inicio, fim: params.fim });
    if (params.responsavel) q.set('responsavel', params.responsavel);
    return apiData<AgendaItemResponse[]>(`/agenda?${q.toString()}`);
  },
  getAgendaPessoas: () => apiData<AgendaPessoaResponse[]>('/agenda/pessoas'),
  getEvento: (id: string) => apiData<EventoResponse>(eventoPath(id)),
  createEvento: (input: EventoInput) => apiData<EventoResponse>('/agenda/eventos', { method: 'POST', body: input }),
  updateEvento: (id: string, input: EventoInput) => apiData<EventoResponse>(eventoPath(id), { method: 'PUT', body: input }),
  deleteEvento: (id: string) => apiData<EventoResponse>(eventoPath(id), { method: 'DELETE' }),
  /** A new secret feed address (the old one stops working). */
  renewAgendaFeed: () => apiData<AgendaFeedResponse>('/agenda/feed/renovar', { method: 'POST', body: {} }),
};

export type AgendaMethods = typeof agendaMethods;

export function useAgendaApi(): DataProvider & AgendaMethods {
  return useDataProvider<DataProvider & AgendaMethods>();
}
