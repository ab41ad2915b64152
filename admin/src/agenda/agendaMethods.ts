/*
 * The Agenda's calls (issue 13) as named dataProvider methods: the core dataProvider spreads
 * `agendaMethods` in, and the screen reaches them with `useAgendaApi()` (react-admin's
 * useDataProvider, so a 401 still signs out).
 */
import { useDataProvider, type DataProvider } from 'react-admin';
import type { AgendaItemResponse, EventoResponse } from '@veritas/common';
import { apiData } from '../providers/registrosMethods';

export type { EventoTipo } from '@veritas/common';
/** An event, and one thing in the calendar, as the API answers them (@veritas/common). */
export type Evento = EventoResponse;
export type AgendaItem = AgendaItemResponse;

export type EventoInput = Omit<Evento, 'id' | 'participantes' | 'clienteNome' | 'protocolo' | 'criadoPorId' | 'criadoPorNome' | 'podeEditar'> & {
  participantes: string[];
};

export interface Pessoa {
  id: string;
  nome: string;
  ausente: boolean;
}

const eventoPath = (id: string) => `/agenda/eventos/${encodeURIComponent(id)}`;

export const agendaMethods = {
  /** Events (each occurrence), due dates and holidays within [inicio, fim). */
  getAgenda: (params: { inicio: string; fim: string; responsavel?: string }) => {
    const q = new URLSearchParams({ inicio: params.inicio, fim: params.fim });
    if (params.responsavel) q.set('responsavel', params.responsavel);
    return apiData<AgendaItem[]>(`/agenda?${q.toString()}`);
  },
  getAgendaPessoas: () => apiData<Pessoa[]>('/agenda/pessoas'),
  getEvento: (id: string) => apiData<Evento>(eventoPath(id)),
  createEvento: (input: EventoInput) => apiData<Evento>('/agenda/eventos', { method: 'POST', body: input }),
  updateEvento: (id: string, input: EventoInput) => apiData<Evento>(eventoPath(id), { method: 'PUT', body: input }),
  deleteEvento: (id: string) => apiData<Evento>(eventoPath(id), { method: 'DELETE' }),
  /** A new secret feed address (the old one stops working). */
  renewAgendaFeed: () => apiData<{ url: string }>('/agenda/feed/renovar', { method: 'POST', body: {} }),
};

export type AgendaMethods = typeof agendaMethods;

export function useAgendaApi(): DataProvider & AgendaMethods {
  return useDataProvider<DataProvider & AgendaMethods>();
}
