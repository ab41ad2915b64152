/*
 * The event form's values and their conversion to and from the API (pure: tested beside it).
 * Times are edited in the browser's zone (the firm's, America/Sao_Paulo); an all-day event is
 * edited as first and last day and sent as [first day 00:00, day after the last 00:00). The period
 * rule is the shared one the server runs (@veritas/common's eventoPeriodoProblem).
 */
import { EVENTO_TIPOS, eventoPeriodoProblem, type EventoInput, type EventoResponse, type EventoTipo } from '@veritas/common';

const TIPO_LABELS: Record<EventoTipo, string> = { reuniao: 'Reunião', assinatura: 'Assinatura', vistoria: 'Vistoria', outro: 'Outro' };
export const TIPOS = EVENTO_TIPOS.map((t) => ({ id: t, name: TIPO_LABELS[t] }));

export const REPETICOES = [
  { id: 'DAILY', name: 'Todos os dias' },
  { id: 'WEEKLY', name: 'Toda semana' },
  { id: 'MONTHLY', name: 'Todo mês' },
  { id: 'YEARLY', name: 'Todo ano' },
];
export const SEM_REPETICAO = 'Não se repete';

export const LEMBRETES = [
  { id: 10, name: '10 minutos antes' },
  { id: 30, name: '30 minutos antes' },
  { id: 60, name: '1 hora antes' },
  { id: 120, name: '2 horas antes' },
  { id: 1440, name: '1 dia antes' },
];
export const SEM_LEMBRETE = 'Sem lembrete';

export interface EventoFormValues {
  tipo: EventoTipo;
  titulo: string | null;
  diaInteiro: boolean;
  /** 'YYYY-MM-DDTHH:mm' (or 'YYYY-MM-DD' when all day), local time. */
  inicio: string | null;
  fim: string | null;
  local: string | null;
  link: string | null;
  participantes: string[];
  clienteId: string | null;
  registroId: string | null;
  /** '' | DAILY | WEEKLY | MONTHLY | YEARLY, or 'custom' for a rule written elsewhere (kept as is). */
  repeticao: string | null;
  vezes: number | null;
  rruleOriginal: string | null;
  /** Minutes before, or '' / null for none (the select's empty choice). */
  lembrete: number | '' | null;
  convidarCliente: boolean;
  notas: string | null;
}

const pad = (n: number) => String(n).padStart(2, '0');
const localDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const localDateTime = (d: Date) => `${localDate(d)}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
const DAY = 86_400_000;

/** A day typed while the event was all day, shown as that day's midnight once it is not (the value the form sends). */
export const asDateTime = (v: string | null | undefined) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00` : (v ?? ''));

/** New event values: the slot chosen in the calendar, or the next whole hour for an hour. */
export function emptyValues(start?: Date, end?: Date, allDay = false): EventoFormValues {
  const s = start ?? nextHour();
  const e = end ?? new Date(s.getTime() + 3_600_000);
  return {
    tipo: 'reuniao',
    titulo: '',
    diaInteiro: allDay,
    inicio: allDay ? localDate(s) : localDateTime(s),
    fim: allDay ? localDate(new Date(e.getTime() - DAY)) : localDateTime(e),
    local: '',
    link: '',
    participantes: [],
    clienteId: null,
    registroId: null,
    repeticao: '',
    vezes: null,
    rruleOriginal: null,
    lembrete: null,
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
export function valuesOf(ev: EventoResponse): EventoFormValues {
  const inicio = new Date(ev.inicio);
  const fim = new Date(ev.fim);
  const simple = ev.rrule ? /^FREQ=(DAILY|WEEKLY|MONTHLY|YEARLY)(?:;COUNT=(\d+))?$/.exec(ev.rrule) : null;
  return {
    tipo: ev.tipo,
    titulo: ev.titulo,
    diaInteiro: ev.diaInteiro,
    inicio: ev.diaInteiro ? localDate(inicio) : localDateTime(inicio),
    fim: ev.diaInteiro ? localDate(new Date(fim.getTime() - DAY)) : localDateTime(fim),
    local: ev.local ?? '',
    link: ev.link ?? '',
    participantes: ev.participantes.map((p) => p.id),
    clienteId: ev.clienteId,
    registroId: ev.registroId,
    repeticao: !ev.rrule ? '' : simple ? simple[1] : 'custom',
    vezes: simple?.[2] ? Number(simple[2]) : null,
    rruleOriginal: ev.rrule,
    lembrete: ev.lembreteMinutos,
    convidarCliente: ev.convidarCliente,
    notas: ev.notas ?? '',
  };
}

function instants(v: EventoFormValues): { inicio: Date; fim: Date } {
  if (v.diaInteiro) {
    const inicio = new Date(`${(v.inicio ?? '').slice(0, 10)}T00:00`);
    const fim = new Date(`${(v.fim ?? '').slice(0, 10)}T00:00`);
    fim.setDate(fim.getDate() + 1);
    return { inicio, fim };
  }
  return { inicio: new Date(asDateTime(v.inicio)), fim: new Date(asDateTime(v.fim)) };
}

export interface EventoMessages {
  titulo: string;
  periodo: string;
  data: string;
  vezes: string;
}

/** The form's errors by field (react-admin's `validate`): the title, the dates, the period (shared rule), the count. */
export function validateEvento(v: EventoFormValues, m: EventoMessages): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!(v.titulo ?? '').trim()) errors.titulo = m.titulo;
  if (!v.inicio) errors.inicio = m.periodo;
  if (!v.fim) errors.fim = m.periodo;
  if (v.inicio && v.fim) {
    const { inicio, fim } = instants(v);
    if (Number.isNaN(inicio.getTime())) errors.inicio = m.data;
    else if (Number.isNaN(fim.getTime())) errors.fim = m.data;
    else {
      const periodo = eventoPeriodoProblem(inicio, fim);
      if (periodo) errors.fim = periodo;
    }
  }
  if (v.vezes !== null && v.vezes !== undefined && !(Number.isInteger(v.vezes) && v.vezes >= 1 && v.vezes <= 1000)) errors.vezes = m.vezes;
  return errors;
}

/** Which input a refusal of the server's belongs to (its messages start with the field's name). */
export function eventoFieldOf(message: string): string | null {
  const fields: [RegExp, string][] = [
    [/^(O título|Título)/, 'titulo'],
    [/^(Início|O início)/, 'inicio'],
    [/^(Fim|O fim|Um evento pode durar)/, 'fim'],
    [/^(O local|Local)/, 'local'],
    [/^(O link|Link)/, 'link'],
    [/^(Participante|No máximo \d+ participantes)/, 'participantes'],
    [/^(Cliente|clienteId|Para convidar)/, 'clienteId'],
    [/^(Registro|O registro|registroId)/, 'registroId'],
    [/^(A recorrência|Recorrência)/, 'repeticao'],
    [/^O lembrete/, 'lembrete'],
    [/^(As notas|Notas)/, 'notas'],
  ];
  return fields.find(([re]) => re.test(message))?.[1] ?? null;
}

const text = (v: string | null | undefined) => (v ?? '').trim() || null;

/** The body of POST/PUT /api/agenda/eventos. */
export function inputOf(v: EventoFormValues): EventoInput {
  const { inicio, fim } = instants(v);
  const rrule = v.repeticao === 'custom' ? v.rruleOriginal : v.repeticao ? `FREQ=${v.repeticao}${v.vezes ? `;COUNT=${v.vezes}` : ''}` : null;
  return {
    tipo: v.tipo,
    titulo: (v.titulo ?? '').trim(),
    inicio: inicio.toISOString(),
    fim: fim.toISOString(),
    diaInteiro: v.diaInteiro,
    local: text(v.local),
    link: text(v.link),
    participantes: v.participantes ?? [],
    clienteId: v.clienteId || null,
    registroId: v.clienteId ? v.registroId || null : null,
    notas: text(v.notas),
    rrule,
    lembreteMinutos: v.lembrete === '' || v.lembrete === null || v.lembrete === undefined ? null : Number(v.lembrete),
    convidarCliente: !!v.clienteId && v.convidarCliente,
  };
}
