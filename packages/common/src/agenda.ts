/*
 * The Agenda's API shapes (issue 13), written once for the server that answers them and the panel
 * that draws them.
 */

export const EVENTO_TIPOS = ['reuniao', 'assinatura', 'vistoria', 'outro'] as const;
export type EventoTipo = (typeof EVENTO_TIPOS)[number];

/** An event as the API answers it. */
export interface EventoResponse {
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
  /** In the calendar's items and GET /api/agenda/eventos/:id: whether the caller may change it. */
  podeEditar?: boolean;
}

/**
 * One thing in the calendar (GET /api/agenda). Timed items carry ISO instants; all-day items carry
 * dates ('YYYY-MM-DD', fim exclusive, as FullCalendar and RFC 5545 read them).
 */
export interface AgendaItemResponse {
  id: string;
  /** 'evento', 'prazo-registro', 'prazo-etapa', 'prazo-exigencia', 'cobranca', 'feriado'. */
  kind: string;
  titulo: string;
  inicio: string;
  fim: string;
  allDay: boolean;
  /** Where it opens in the panel. */
  link: string;
  clienteNome?: string | null;
  protocolo?: string | null;
  /** The feed's stable UID ("prazo-<registroId>@veritas"). */
  uid: string;
  /** Whose it is (for the board's per-person filter and the colours). */
  responsavelId?: string | null;
  /** A deadline that falls while its responsible is away (Equipe's absences). */
  ausente?: boolean;
  /** Set on events: the event itself, to edit it. */
  evento?: EventoResponse;
}

/** An event lasts at most this many days (longer: a recurrence). */
export const EVENTO_MAX_DIAS = 31;

/** Why an event from `inicio` to `fim` cannot be saved (reversed, or longer than EVENTO_MAX_DIAS), or null. */
export function eventoPeriodoProblem(inicio: Date, fim: Date): string | null {
  if (fim.getTime() <= inicio.getTime()) return 'O fim do evento deve ser depois do início.';
  if (fim.getTime() - inicio.getTime() > EVENTO_MAX_DIAS * 86_400_000) return `Um evento pode durar no máximo ${EVENTO_MAX_DIAS} dias; use a recorrência para repeti-lo.`;
  return null;
}
