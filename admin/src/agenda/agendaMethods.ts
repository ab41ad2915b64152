/*
 * The Agenda's calls (issue 13) as named dataProvider methods: the core dataProvider spreads
 * `agendaMethods` in, and the screen reaches them with `useAgendaApi()` (react-admin's
 * useDataProvider, so a 401 still signs out).
 */
import { useDataProvider, type DataProvider } from 'react-admin';
import { apiData } from '../providers/registrosMethods';

export type EventoTipo = 'reuniao' | 'assinatura' | 'vistoria' | 'outro';

export interface Evento {
  id: string;
  tipo: EventoTipo;
  titulo: string;
  inicio: string;
  fim: string;
  diaInteiro: boolean;
  local: string | null;
  link: string | null;
  participantes: { id: string; nome: string }[];
  clienteId: string | null;
  clienteNome: string | null;
  registroId: string | null;
  protocolo: string | null;
  notas: string | null;
  rrule: string | null;
  lembreteMinutos: number | null;
  convidarCliente: boolean;
  criadoPorId: string;
  criadoPorNome: string | null;
  podeEditar?: boolean;
}

/** One thing in the calendar, as GET /api/agenda answers it. */
export interface AgendaItem {
  id: string;
  kind: string;
  titulo: string;
  inicio: string;
  fim: string;
  allDay: boolean;
  link: string;
  clienteNome?: string | null;
  protocolo?: string | null;
  responsavelId?: string | null;
  ausente?: boolean;
  evento?: Evento;
}

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
