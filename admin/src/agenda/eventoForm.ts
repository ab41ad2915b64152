/*
 * The event form's values and their conversion to and from the API (pure: tested beside it).
 * Times are edited in the browser's zone (the firm's, America/Sao_Paulo); an all-day event is
 * edited as first and last day and sent as [first day 00:00, day after the last 00:00).
 */
import type { Evento, EventoInput, EventoTipo } from './agendaMethods';

export const TIPOS: ReadonlyArray<{ value: EventoTipo; label: string }> = [
  { value: 'reuniao', label: 'Reunião' },
  { value: 'assinatura', label: 'Assinatura' },
  { value: 'vistoria', label: 'Vistoria' },
  { value: 'outro', label: 'Outro' },
];

export const REPETICOES = [
  { value: '', label: 'Não se repete' },
  { value: 'DAILY', label: 'Todos os dias' },
  { value: 'WEEKLY', label: 'Toda semana' },
  { value: 'MONTHLY', label: 'Todo mês' },
  { value: 'YEARLY', label: 'Todo ano' },
] as const;

export const LEMBRETES = [
  { value: '', label: 'Sem lembrete' },
  { value: '10', label: '10 minutos antes' },
  { value: '30', label: '30 minutos antes' },
  { value: '60', label: '1 hora antes' },
  { value: '120', label: '2 horas antes' },
  { value: '1440', label: '1 dia antes' },
] as const;

export interface EventoFormValues {
  tipo: EventoTipo;
  titulo: string;
  diaInteiro: boolean;
  /** 'YYYY-MM-DDTHH:mm' (or 'YYYY-MM-DD' when all day), local time. */
  inicio: string;
  fim: string;
  local: string;
  link: string;
  participantes: string[];
  clienteId: string | null;
  clienteNome: string | null;
  registroId: string | null;
  /** '' | DAILY | WEEKLY | MONTHLY | YEARLY, or 'custom' for a rule written elsewhere (kept as is). */
  repeticao: string;
  vezes: string;
  rruleOriginal: string | null;
  lembrete: string;
  convidarCliente: boolean;
  notas: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const localDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const localDateTime = (d: Date) => `${localDate(d)}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** New event values: the slot chosen in the calendar, or the next whole hour for an hour. */
export function emptyValues(start?: Date, end?: Date, allDay = false): EventoFormValues {
  const s = start ?? nextHour();
  const e = end ?? new Date(s.getTime() + 3_600_000);
  return {
    tipo: 'reuniao',
    titulo: '',
    diaInteiro: allDay,
    inicio: allDay ? localDate(s) : localDateTime(s),
    fim: allDay ? localDate(new Date(e.getTime() - 86_400_000)) : localDateTime(e),
    local: '',
    link: '',
    participantes: [],
    clienteId: null,
    clienteNome: null,
    registroId: null,
    repeticao: '',
    vezes: '',
    rruleOriginal: null,
    lembrete: '',
    convidarCliente: false,
    notas: '',
  };
}

function nextHour(): Date {
  const d = new Date();
  d.setMinutes(0, 0, 0);
  d.setHours(d.getHours() + 1);
  return d;
}

/** The form of a stored event. */
export function valuesOf(ev: Evento): EventoFormValues {
  const inicio = new Date(ev.inicio);
  const fim = new Date(ev.fim);
  const simple = ev.rrule ? /^FREQ=(DAILY|WEEKLY|MONTHLY|YEARLY)(?:;COUNT=(\d+))?$/.exec(ev.rrule) : null;
  return {
    tipo: ev.tipo,
    titulo: ev.titulo,
    diaInteiro: ev.diaInteiro,
    inicio: ev.diaInteiro ? localDate(inicio) : localDateTime(inicio),
    fim: ev.diaInteiro ? localDate(new Date(fim.getTime() - 86_400_000)) : localDateTime(fim),
    local: ev.local ?? '',
    link: ev.link ?? '',
    participantes: ev.participantes.map((p) => p.id),
    clienteId: ev.clienteId,
    clienteNome: ev.clienteNome,
    registroId: ev.registroId,
    repeticao: !ev.rrule ? '' : simple ? simple[1] : 'custom',
    vezes: simple?.[2] ?? '',
    rruleOriginal: ev.rrule,
    lembrete: ev.lembreteMinutos === null ? '' : String(ev.lembreteMinutos),
    convidarCliente: ev.convidarCliente,
    notas: ev.notas ?? '',
  };
}

/** A problem the form can tell before the server does, or null. */
export function checkValues(v: EventoFormValues): string | null {
  if (!v.titulo.trim()) return 'Informe o título.';
  if (!v.inicio || !v.fim) return 'Informe o início e o fim.';
  const { inicio, fim } = instants(v);
  if (Number.isNaN(inicio.getTime()) || Number.isNaN(fim.getTime())) return 'Data ou hora inválida.';
  if (fim <= inicio) return v.diaInteiro ? 'O último dia deve ser igual ou posterior ao primeiro.' : 'O fim deve ser depois do início.';
  if (v.vezes && !(Number.isInteger(Number(v.vezes)) && Number(v.vezes) >= 1 && Number(v.vezes) <= 1000)) return 'Número de repetições inválido (1 a 1000).';
  return null;
}

function instants(v: EventoFormValues): { inicio: Date; fim: Date } {
  if (v.diaInteiro) {
    const inicio = new Date(`${v.inicio.slice(0, 10)}T00:00`);
    const fim = new Date(`${v.fim.slice(0, 10)}T00:00`);
    fim.setDate(fim.getDate() + 1);
    return { inicio, fim };
  }
  return { inicio: new Date(v.inicio), fim: new Date(v.fim) };
}

/** The body of POST/PUT /api/agenda/eventos. */
export function inputOf(v: EventoFormValues): EventoInput {
  const { inicio, fim } = instants(v);
  const rrule =
    v.repeticao === 'custom' ? v.rruleOriginal : v.repeticao ? `FREQ=${v.repeticao}${v.vezes ? `;COUNT=${Number(v.vezes)}` : ''}` : null;
  return {
    tipo: v.tipo,
    titulo: v.titulo.trim(),
    inicio: inicio.toISOString(),
    fim: fim.toISOString(),
    diaInteiro: v.diaInteiro,
    local: v.local.trim() || null,
    link: v.link.trim() || null,
    participantes: v.participantes,
    clienteId: v.clienteId,
    registroId: v.clienteId ? v.registroId : null,
    notas: v.notas.trim() || null,
    rrule,
    lembreteMinutos: v.lembrete ? Number(v.lembrete) : null,
    convidarCliente: !!v.clienteId && v.convidarCliente,
  };
}
