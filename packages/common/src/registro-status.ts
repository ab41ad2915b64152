/*
 * A registro (a client's request for a service) and its life: statuses, the transitions the
 * server allows, the services and their service-level times in business days, the protocol
 * number, and what a status change does to the deadline's clock.
 */
import { addBusinessDays, businessDaysBetween, ExtraHolidays, IsoDate } from './business-days';
import { normalizeSearch } from './text';

export const REGISTRO_STATUSES = ['pendente', 'andamento', 'concluido', 'cancelado', 'recusado'] as const;
export type RegistroStatus = (typeof REGISTRO_STATUSES)[number];

export function isRegistroStatus(v: unknown): v is RegistroStatus {
  return typeof v === 'string' && (REGISTRO_STATUSES as readonly string[]).includes(v);
}

export const REGISTRO_STATUS_LABELS: Readonly<Record<RegistroStatus, string>> = {
  pendente: 'Pendente',
  andamento: 'Em andamento',
  concluido: 'Concluído',
  cancelado: 'Cancelado',
  recusado: 'Recusado',
};

/**
 * Who may go where. "andamento → pendente" means the work waits on the client (a document, a
 * signature, a payment): the deadline's clock stops until it goes back to andamento.
 */
export const REGISTRO_TRANSITIONS: Readonly<Record<RegistroStatus, readonly RegistroStatus[]>> = {
  pendente: ['andamento', 'recusado', 'cancelado'],
  andamento: ['concluido', 'cancelado', 'pendente'],
  concluido: [],
  cancelado: [],
  recusado: [],
};

/** Work still to do: the statuses a deadline applies to. */
export const OPEN_REGISTRO_STATUSES: readonly RegistroStatus[] = ['pendente', 'andamento'];

export function isFinalStatus(s: RegistroStatus): boolean {
  return REGISTRO_TRANSITIONS[s].length === 0;
}

export function canTransition(from: RegistroStatus, to: RegistroStatus): boolean {
  return REGISTRO_TRANSITIONS[from]?.includes(to) ?? false;
}

/** Why a move is refused, in pt-BR, or null when the table allows it. */
export function transitionRefusal(from: RegistroStatus, to: RegistroStatus): string | null {
  if (from === to) return `O registro já está com o status ${REGISTRO_STATUS_LABELS[to]}.`;
  if (canTransition(from, to)) return null;
  if (isFinalStatus(from)) {
    return `O registro está ${REGISTRO_STATUS_LABELS[from]} e não pode mais mudar de status.`;
  }
  const allowed = REGISTRO_TRANSITIONS[from].map((s) => REGISTRO_STATUS_LABELS[s]).join(', ');
  return `Não é possível passar de ${REGISTRO_STATUS_LABELS[from]} para ${REGISTRO_STATUS_LABELS[to]}. A partir de ${REGISTRO_STATUS_LABELS[from]}: ${allowed}.`;
}

export const CLIENTE_CANCEL_ONLY = 'Você só pode cancelar uma solicitação que ainda está Pendente.';

/** A client may only give up on its own request before the firm starts it. */
export function clienteTransitionRefusal(from: RegistroStatus, to: RegistroStatus): string | null {
  if (to !== 'cancelado' || from !== 'pendente') return CLIENTE_CANCEL_ONLY;
  return null;
}

/**
 * A service the firm offers (§1) and its service level: the due date of a registro is
 * `slaDiasUteis` business days away (the upper end), and every text that states a time (client
 * FAQ, request form, public FAQ and services pages) says "de {min} a {sla} dias úteis", or
 * "até {sla} dias úteis" without a lower end. One table, so the texts cannot disagree (issue 10).
 */
export interface ServicoCatalogo {
  codigo: string;
  nome: string;
  slaDiasUteis: number;
  /** The usual quickest time, when the firm states one. */
  slaMinDiasUteis?: number;
}

/*
 * Defaults from the FAQ's claims (§2.7), taking the upper end of each range: opening 5–15 → 15,
 * simple amendment 3–7 → 7, simple certificate 1–3 → 3, full-text certificate 2–5 → 5, balance
 * filing "within 30 days" → 30. The FAQ says nothing of the others: closure and transformation go
 * through the same board steps as an opening (15), consulting is the firm's own work (10), and a
 * trademark filing at the INPI is slow to prepare (30). Codes follow the public site's anchors.
 */
export const SERVICOS_CATALOGO: readonly ServicoCatalogo[] = [
  { codigo: 'abertura-empresas', nome: 'Abertura de Empresa', slaDiasUteis: 15, slaMinDiasUteis: 5 },
  { codigo: 'alteracoes-contratuais', nome: 'Alteração Contratual', slaDiasUteis: 7, slaMinDiasUteis: 3 },
  { codigo: 'baixa-empresas', nome: 'Baixa de Empresa', slaDiasUteis: 15, slaMinDiasUteis: 10 },
  { codigo: 'certidao-simplificada', nome: 'Certidão Simplificada', slaDiasUteis: 3, slaMinDiasUteis: 1 },
  { codigo: 'certidao-inteiro-teor', nome: 'Certidão de Inteiro Teor', slaDiasUteis: 5, slaMinDiasUteis: 2 },
  { codigo: 'arquivamento-balancos', nome: 'Arquivamento de Balanço', slaDiasUteis: 30 },
  { codigo: 'consultoria', nome: 'Consultoria Empresarial', slaDiasUteis: 10 },
  { codigo: 'marca-patentes', nome: 'Registro de Marcas e Patentes', slaDiasUteis: 30 },
  { codigo: 'transformacao-empresarial', nome: 'Transformação Empresarial', slaDiasUteis: 15, slaMinDiasUteis: 7 },
];

/**
 * The time a service takes, as every text states it: "5 a 15 dias úteis", "até 10 dias úteis"
 * (put "de " or "em " before it). `slaDiasUteis` overrides the catalogue's upper end (a server
 * configured otherwise, a client type's own service); the lower end applies only below it.
 */
export function faixaDiasUteis(codigo: string, slaDiasUteis?: number): string {
  const servico = servicoPorCodigo(codigo);
  const max = slaDiasUteis ?? servico?.slaDiasUteis ?? SLA_PADRAO_DIAS_UTEIS;
  const min = servico?.slaMinDiasUteis;
  const dias = (n: number) => (n === 1 ? '1 dia útil' : `${n} dias úteis`);
  return min !== undefined && min < max ? `${min} a ${dias(max)}` : `até ${dias(max)}`;
}

/** "de 5 a 15 dias úteis" or "até 10 dias úteis". */
export function prazoServico(codigo: string, slaDiasUteis?: number): string {
  const faixa = faixaDiasUteis(codigo, slaDiasUteis);
  return faixa.startsWith('até') ? faixa : `de ${faixa}`;
}

/** For a service of a client type whose name matches nothing in the catalogue. */
export const SLA_PADRAO_DIAS_UTEIS = 10;

export function servicoPorCodigo(codigo: string): ServicoCatalogo | undefined {
  return SERVICOS_CATALOGO.find((s) => s.codigo === codigo);
}

/** The catalogue service with this name, ignoring case and accents. */
export function servicoPorNome(nome: string): ServicoCatalogo | undefined {
  const key = normalizeSearch(nome);
  return key ? SERVICOS_CATALOGO.find((s) => normalizeSearch(s.nome) === key) : undefined;
}

/** Protocol numbers: the year of the request and a sequence of that year, "2026-000123". */
export function formatProtocolo(ano: number, sequencia: number): string {
  return `${ano}-${String(sequencia).padStart(6, '0')}`;
}

export const PROTOCOLO_PATTERN = /^\d{4}-\d{6,}$/;

/** Where a registro's deadline stands. */
export interface PrazoState {
  /** The due date while the clock runs; null while it is stopped (or when there is none). */
  prazo: IsoDate | null;
  /** The day the clock stopped, while waiting on the client. */
  pausadoEm: IsoDate | null;
  /** Business days that were left (negative: already late) when the clock stopped. */
  diasUteisRestantes: number | null;
}

/**
 * The deadline after a status change on day `today`:
 * - andamento → pendente stops the clock: it keeps the business days left and clears the due date;
 * - pendente → andamento with a stopped clock restarts it: the due date is those days after today;
 * - everything else leaves it as it was (a request waiting to start has its clock running).
 */
export function prazoAfterTransition(
  state: PrazoState,
  from: RegistroStatus,
  to: RegistroStatus,
  today: IsoDate,
  extra?: ExtraHolidays,
): PrazoState {
  if (from === 'andamento' && to === 'pendente' && state.prazo) {
    return { prazo: null, pausadoEm: today, diasUteisRestantes: businessDaysBetween(today, state.prazo, extra) };
  }
  if (from === 'pendente' && to === 'andamento' && state.pausadoEm && state.diasUteisRestantes !== null) {
    return { prazo: addBusinessDays(today, state.diasUteisRestantes, extra), pausadoEm: null, diasUteisRestantes: null };
  }
  // Only the three fields, even when handed a whole row.
  return { prazo: state.prazo, pausadoEm: state.pausadoEm, diasUteisRestantes: state.diasUteisRestantes };
}
