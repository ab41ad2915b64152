/*
 * The Agenda's requests and its people (issue 13). The event and the calendar's items, as the API
 * answers them, are in ../agenda.ts.
 */
import type { EventoResponse } from '../agenda';

/** POST /api/agenda/eventos and PUT /api/agenda/eventos/:id: the event without what the server fills in. */
export type EventoInput = Omit<EventoResponse, 'id' | 'participantes' | 'clienteNome' | 'protocolo' | 'criadoPorId' | 'criadoPorNome' | 'podeEditar'> & {
  /** The staff members' ids. */
  participantes: string[];
};

/** Someone who can take part in an event (GET /api/agenda/pessoas). */
export interface AgendaPessoaResponse {
  id: string;
  nome: string;
  /** Away today (Equipe's absences). */
  ausente: boolean;
}

/** POST /api/agenda/feed/renovar: the new secret address of the calendar feed. */
export interface AgendaFeedResponse {
  url: string;
}
