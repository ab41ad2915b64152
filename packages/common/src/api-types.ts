import type { MembroResponse } from './membros';
import type { ExigenciaAlerta } from './processos';
/*
 * Response shapes of the API, shared by the server's mappers and the front ends.
 * Plain data only: dates are ISO 8601 strings in UTC, ids are strings, and optional
 * text the client never filled is null (never undefined, never missing).
 */
import type { ClienteStatus } from './constants';
import type { StaffPermission } from './roles';
import type { RegistroStatus } from './registro-status';
import type { ChecklistItemResponse, EtapaResponse, ExigenciaResponse, PrevisaoResponse } from './processos';

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
  /** Masked: 00.000.000/0000-00 (stored clean). Null while a founder's company is being opened (issue 54). */
  cnpj: string | null;
  /** The founder's CPF, masked 000.000.000-00, when the client registered without a CNPJ; else null. */
  cpf: string | null;
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
  /** The client's type with its services and prices: in GET /api/clientes/:id and /api/clientes/me only. */
  tipoCliente?: TipoClienteResponse | null;
  /** Sign-in and GET /api/clientes/me (issue 54): the member signed in, its role and capacities. */
  membro?: MembroResponse;
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

/** GET /api/clientes/:id/cnpj-info and GET /api/lookup/cnpj/:cnpj. `data` is CNPJá's "office" (§3.5). */
export interface CnpjLookupResponse {
  data: Record<string, any>;
  meta: { cnpj: string; fetchedAt: string; source: 'cache' | 'provider'; stale: boolean };
  /** Present when a stale answer is shown: why the provider could not give a fresh one. */
  message?: string;
}

/** GET /api/lookup/cep/:cep: ViaCEP's fields, '' when absent. */
export interface CepLookupResponse {
  data: { cep: string; logradouro: string; complemento: string; bairro: string; localidade: string; uf: string; ibge: string; ddd: string };
}

/**
 * GET /api/dashboard?periodo=7d|30d|mes|ano → { data }. escopo 'firma' (master, diretoria): every
 * registro; 'proprio' (associado): those it is responsible for. Clients and types are the firm's;
 * naoLidos is the caller's own inbox. `novos`/`concluidos` count within the period; `serie` has one
 * entry per day (7d, 30d, mes) or month (ano) for the chart.
 */
export interface DashboardResponse {
  periodo: { codigo: '7d' | '30d' | 'mes' | 'ano'; rotulo: string; inicio: string; fim: string };
  escopo: 'firma' | 'proprio';
  clientes: { total: number; ativos: number; inativos: number; novos: number };
  tiposCliente: { total: number; ativos: number; inativos: number };
  registros: {
    total: number;
    porStatus: Record<RegistroStatus, number>;
    abertos: number;
    novos: number;
    concluidos: number;
    vencidos: number;
    semResponsavel: number;
  };
  emails: { naoLidos: number };
  /**
   * Issue 52: contact messages unread (`naoLidas`) and not yet handled (`pendentes`); null for who may
   * not read them (the 'contato' capability).
   */
  mensagens: { naoLidas: number; pendentes: number } | null;
  serie: { chave: string; inicio: string; clientesNovos: number; registrosNovos: number }[];
  /**
   * Issue 11: open exigências of the registros in scope; `vencendo` and `proximas` are those within
   * EXIGENCIA_ALERTA_DIAS calendar days of their deadline or past it (nearest first, at most 20).
   */
  exigencias: { abertas: number; vencendo: number; expiradas: number; proximas: ExigenciaAlerta[] };
}

// RegistroStatus (with 'recusado', issue 6) lives in registro-status.ts beside its transition table.

/** A registration of a client (§3.6), with what issue 6 adds after the spec's five fields. */
export interface RegistroResponse {
  _id: string;
  /** The protocol number, "2026-000123". */
  numero: string;
  /** When it was requested (ISO 8601, UTC). */
  data: string;
  /** The service's name as requested. */
  tipo: string;
  status: RegistroStatus;
  /** 'Pendente', 'Em andamento', 'Concluído', 'Cancelado', 'Recusado'. */
  statusLabel: string;
  /** Catalogue code of the service (e.g. 'abertura-empresas'), or null for a client type's own service. */
  servico: string | null;
  descricao: string;
  /** BRL price from the client's type at the time of the request; null when the type has none. */
  valor: number | null;
  clienteId: string;
  clienteNome: string | null;
  responsavelId: string | null;
  responsavelNome: string | null;
  slaDiasUteis: number;
  /** Due date 'YYYY-MM-DD'; null while the clock is stopped (waiting on the client). */
  prazo: string | null;
  prazoPausado: boolean;
  /** Business days from today to the due date (negative: late); while stopped, those left when it stopped. Null once closed. */
  diasUteisRestantes: number | null;
  /** Open, clock running and the due date has passed. */
  vencido: boolean;
  /** When it reached concluido, cancelado or recusado. */
  encerradoEm: string | null;
  createdAt: string;
  updatedAt: string;
  /** Issue 11: the UF of the Junta Comercial it is filed at (its calendar counts the due date). */
  juntaUf: string;
  /** Issue 11: the name of the current stage (the first not finished); null when none is left. */
  etapaAtual: string | null;
  /** Issue 11: since when (ISO 8601) the current stage is the current one; null with no current stage. */
  etapaDesde: string | null;
  /** Issue 11: an exigência of the Junta is open ("em exigência"); the due date is paused meanwhile. */
  emExigencia: boolean;
  /** Issue 11: the earliest deadline 'YYYY-MM-DD' of the open exigências; null when none is open. */
  exigenciaPrazo: string | null;
}

/** One line of a registro's history. A client sees only what is meant for it, and no internal note. */
export interface RegistroHistoricoResponse {
  _id: string;
  data: string;
  /** 'etapa' (issue 11): de/para are the stage's statuses, nota names the stage; 'junta': de/para are UFs. */
  /** 'exigencia' (issue 11): an exigência opened (para 'aberta', nota: what is asked) or met ('aberta' → 'cumprida'). */
  evento: 'criacao' | 'status' | 'responsavel' | 'etapa' | 'junta' | 'exigencia';
  /** Status codes for 'criacao'/'status'; names of the responsible person for 'responsavel'. */
  de: string | null;
  para: string | null;
  deLabel: string | null;
  paraLabel: string | null;
  autorTipo: 'cliente' | 'equipe';
  autorNome: string;
  nota: string | null;
  /** Staff only: whether the client sees the note. */
  notaVisivelCliente?: boolean;
}

export interface RegistroDetalheResponse extends RegistroResponse {
  historico: RegistroHistoricoResponse[];
  /** Issue 11: the stages (see processos.ts). */
  etapas?: EtapaResponse[];
  previsao?: PrevisaoResponse;
  /** Issue 11: the document checklist and the Junta's exigências (see processos.ts). */
  checklist?: ChecklistItemResponse[];
  exigencias?: ExigenciaResponse[];
}

/** A service a client may request (GET /api/registros/servicos). */
export interface ServicoDisponivelResponse {
  /** Send as `servico` in POST /api/registros. */
  codigo: string;
  nome: string;
  /** Price from the client's type, or null. */
  valor: number | null;
  slaDiasUteis: number;
  origem: 'catalogo' | 'tipoCliente';
}

/** A document of a client (§3.9 names: titulo, tipo, data, tamanho), optionally of a registro. */
export interface DocumentoResponse {
  _id: string;
  titulo: string;
  /** 'PDF', 'Imagem', 'Word', 'Excel', 'PowerPoint', 'OpenDocument', 'XML', 'ZIP'. */
  tipo: string;
  /** When it was sent (ISO 8601, UTC). */
  data: string;
  /** Bytes. */
  tamanho: number;
  nomeArquivo: string;
  mime: string;
  clienteId: string;
  clienteNome: string | null;
  registroId: string | null;
  registroNumero: string | null;
  enviadoPor: 'cliente' | 'equipe';
  enviadoPorNome: string;
  /** First download by the client: the firm's proof of delivery. */
  baixadoClienteEm: string | null;
  /** First download by staff of a client's upload (after it the client can no longer delete it). */
  lidoEquipeEm: string | null;
  /** The staff mailbox copy it was an attachment of ("Anexar ao registro"); null for uploads. */
  origemEmailId?: string | null;
}

/** A non-working day: national (computed) or the firm's own. */
export interface FeriadoResponse {
  /** Null for a national holiday (they cannot be deleted). */
  _id: string | null;
  data: string;
  nome: string;
  tipo: 'nacional' | 'escritorio';
}

export interface StaffLoginResponse {
  token: string;
  user: UserResponse;
}

export interface ClienteLoginResponse {
  token: string;
  data: ClienteResponse;
}

/** POST /api/auth/login, the one sign-in (issue 54): the e-mail decided who signed in. */
export type SignInResponse = (StaffLoginResponse & { role: 'user' }) | (ClienteLoginResponse & { role: 'cliente' });

/** Every collection answers in this envelope; `total` counts all matches, not just this page. */
export interface ListEnvelope<T> {
  data: T[];
  total: number;
  /** Present (false) only when the count stopped at CONTAGEM_LIMITE: there are more than `total`. */
  totalExato?: false;
}

/**
 * Where a list counts only so far (issue 14: the clients list's search), it stops past this many
 * rows and answers `{ total: CONTAGEM_LIMITE, totalExato: false }`; screens say "mais de 1.000".
 */
export const CONTAGEM_LIMITE = 1000;

export interface DataEnvelope<T> {
  data: T;
}

/**
 * An answer whose route says more than its record: the server's pt-BR confirmation (`message`,
 * "Cliente atualizado com sucesso!") and what it knows about the answer (`meta`: a lookup's source).
 */
export interface DataMessageEnvelope<T, M = Record<string, unknown>> extends DataEnvelope<T> {
  message?: string;
  meta?: M;
  total?: number;
}

/** An answer that is only the server's pt-BR words (POST /api/auth/forgot-password, /reset-password). */
export interface MessageResponse {
  message: string;
}

/** An action that answers only that it was done (the background jobs, the audit trail's simulation notice). */
export interface OkResponse {
  ok: boolean;
}

/**
 * The error body, as the server's exception filter writes it. A validation refusal (400) also
 * names its fields: `errors` holds each field's message, nested fields as paths ('servicos.0.nome').
 */
export interface ApiError {
  statusCode: number;
  /** pt-BR; a list when a library sends one. */
  message: string | string[];
  error: string;
  errors?: Record<string, string>;
}
