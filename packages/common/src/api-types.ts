/*
 * Response shapes of the API, shared by the server's mappers and the front ends.
 * Plain data only: dates are ISO 8601 strings in UTC, ids are strings, and optional
 * text the client never filled is null (never undefined, never missing).
 */
import type { ClienteStatus } from './constants';
import type { StaffPermission } from './roles';

export interface UserResponse {
  _id: string;
  username: string;
  nomeCompleto: string;
  /** Derived from the username and the firm's mail domain; read-only. */
  email: string;
  isAdmin: boolean;
  permissions: StaffPermission[];
  createdAt: string;
}

/** A client company (§3.3), without its password. */
export interface ClienteResponse {
  _id: string;
  razaoSocial: string;
  nomeFantasia: string | null;
  /** Clean: 14 characters, no mask. */
  cnpj: string;
  cnes: string | null;
  nire: string | null;
  /** The login e-mail. */
  email: string;
  /** The responsible person's e-mail. */
  emailRF: string | null;
  telefone: string | null;
  celularWhatsApp: string | null;
  telefoneResponsavel: string | null;
  celularWhatsAppResponsavel: string | null;
  cep: string | null;
  endereco: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  cidade: string | null;
  estado: string | null;
  pais: string;
  nomeCompletoResponsavel: string | null;
  cargo: string | null;
  /** A calendar date, 'YYYY-MM-DD'. */
  dataNascimento: string | null;
  nomeCompletoAssinanteDBE: string | null;
  cargoAssinanteDBE: string | null;
  /** A calendar date, 'YYYY-MM-DD'. */
  dataNascimentoAssinanteDBE: string | null;
  status: ClienteStatus;
  tipoClienteId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A priced service of a client type (§3.7). */
export interface ServicoResponse {
  nome: string;
  /** BRL, two decimals. */
  valor: number;
}

export interface TipoClienteResponse {
  _id: string;
  nome: string;
  ativo: boolean;
  servicos: ServicoResponse[];
  createdAt: string;
  updatedAt: string;
}

export type RegistroStatus = 'pendente' | 'andamento' | 'concluido' | 'cancelado';

/** A registration of a client (§3.6). */
export interface RegistroResponse {
  _id: string;
  numero: string;
  data: string;
  tipo: string;
  status: RegistroStatus;
}

export interface StaffLoginResponse {
  token: string;
  user: UserResponse;
}

export interface ClienteLoginResponse {
  token: string;
  data: ClienteResponse;
}

/** Every collection answers in this envelope; `total` counts all matches, not just this page. */
export interface ListEnvelope<T> {
  data: T[];
  total: number;
}

export interface DataEnvelope<T> {
  data: T;
}

/** The error body, as NestJS's exception filter writes it. */
export interface ApiError {
  statusCode: number;
  message: string;
  error: string;
}
