/*
 * The client portal's side of the API contract: the shapes of the /api calls only the portal makes
 * (the rest it shares with the panel: RegistroResponse, DocumentoResponse, CobrancaDetalheResponse,
 * ...), and the portal's own addresses, which e-mails and notifications link to.
 */
import type { EventoTipo } from '../agenda';
import type { ClienteContatoCampo } from '../titulares';

/** GET /api/agenda/me: an appointment the client was invited to (no internal notes, no staff). */
export interface CompromissoClienteResponse {
  id: string;
  tipo: EventoTipo;
  titulo: string;
  /** ISO 8601 instants; a recurring event appears once per occurrence. */
  inicio: string;
  fim: string;
  allDay: boolean;
  local: string | null;
  /** A video call's address, or any text the firm wrote for it. */
  link: string | null;
}

/** POST /api/registros from the portal: the service's catalogue code (or a client type's service) and what is asked. */
export interface NovaSolicitacaoRequest {
  servico: string;
  descricao: string;
}

/** PUT /api/registros/:id/status from the portal: a client may only give up on a pendente request. */
export interface CancelarSolicitacaoRequest {
  status: 'cancelado';
  /** The client's reason, always visible to it. */
  note?: string;
}

/** PUT /api/clientes/me/contato: the contact fields the client corrects itself. */
export type ContatoClienteRequest = Partial<Record<ClienteContatoCampo, string>>;

/** POST /api/clientes/me/correcao: a correction of the company's identity, answered by staff. */
export interface CorrecaoClienteRequest {
  razaoSocial: string;
  cnpj: string;
  motivo: string;
}

/** POST /api/clientes/me/eliminacao: the request to erase the client's personal data (LGPD, art. 18). */
export interface EliminacaoClienteRequest {
  motivo: string;
}

/** Where the portal is served; every address below lives under it. */
export const PORTAL_BASE = '/cliente';

const under = (rest: string) => `${PORTAL_BASE}${rest}`;
const segment = (id: string) => `/${encodeURIComponent(id)}`;

/**
 * The portal's addresses, each one a bookmarkable screen (a request's and a charge's details open
 * as dialogs over their list). `nova-solicitacao`, `novo-documento` and `registro/{id}` are the
 * older links of spec §2.1, still answered.
 */
export const PORTAL_PATHS = {
  dashboard: PORTAL_BASE,
  registros: under('/registros'),
  registro: (id: string) => under(`/registros${segment(id)}`),
  novaSolicitacao: under('/nova-solicitacao'),
  documentos: under('/documentos'),
  novoDocumento: under('/novo-documento'),
  financeiro: under('/financeiro'),
  cobranca: (id: string) => under(`/financeiro${segment(id)}`),
  agenda: under('/agenda'),
  faq: under('/faq'),
  meusDados: under('/meus-dados'),
  novidades: under('/novidades'),
  /** The company's members (issue 54, ADR 0058): the Responsável's screen. */
  equipe: under('/equipe'),
} as const;

/** A portal address a notice may link to: one of PORTAL_PATHS (a same-origin path under /cliente, never a full URL). */
export function isPortalPath(v: unknown): v is string {
  return typeof v === 'string' && v.length <= 200 && (v === PORTAL_BASE || (v.startsWith(`${PORTAL_BASE}/`) && !v.includes('//') && !/[\\\s]/.test(v)));
}

/** A client's notice in the portal's "Novidades" (issue 53): every notice the firm sent it, read or not. */
export interface NovidadeResponse {
  _id: string;
  /** The notice's event ('registro.status', 'cobranca.emitida', 'cliente.boas-vindas'...). */
  evento: string;
  titulo: string;
  /** Where the notice leads in the portal (PORTAL_PATHS). */
  link: string;
  /** ISO 8601; null while unread. */
  lidaEm: string | null;
  createdAt: string;
}

/** GET /api/clientes/me/novidades: a page of the list contract, newest first, with how many are unread. */
export interface NovidadesListResponse {
  data: NovidadeResponse[];
  total: number;
  naoLidas: number;
}

/** The absolute address of a portal screen for an e-mail (issue 53: a notice links to the exact screen). */
export function portalLink(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${path}`;
}
