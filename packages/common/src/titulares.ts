import { formatDateBR } from './format';

/*
 * The client's LGPD rights (Lei 13.709/2018, art. 18 and 19; issue 16): the requests a data subject
 * (titular) makes from the portal and the staff answer, written once for the server, the portal
 * and the panel.
 */

/** exportacao: access and portability (a ZIP); correcao: identity fields staff approve; eliminacao: erasure. */
export const SOLICITACAO_TIPOS = ['exportacao', 'correcao', 'eliminacao'] as const;
export type SolicitacaoTipo = (typeof SOLICITACAO_TIPOS)[number];

/**
 * exportacao: processando → pronta | falhou (and the link expires); correcao and eliminacao:
 * pendente → aprovada | recusada.
 */
export const SOLICITACAO_STATUS = ['pendente', 'processando', 'pronta', 'falhou', 'aprovada', 'recusada'] as const;
export type SolicitacaoStatus = (typeof SOLICITACAO_STATUS)[number];

export const SOLICITACAO_TIPO_LABELS: Readonly<Record<SolicitacaoTipo, string>> = {
  exportacao: 'Cópia dos dados',
  correcao: 'Correção de dados',
  eliminacao: 'Eliminação de dados',
};

export const SOLICITACAO_STATUS_LABELS: Readonly<Record<SolicitacaoStatus, string>> = {
  pendente: 'Pendente',
  processando: 'Em preparação',
  pronta: 'Pronta',
  falhou: 'Falhou',
  aprovada: 'Aprovada',
  recusada: 'Recusada',
};

/** Art. 19 II: the complete answer within 15 days of the request. */
export const PRAZO_RESPOSTA_DIAS = 15;
/** How long the link to a data export works. */
export const EXPORTACAO_VALIDADE_DIAS = 7;

const DAY_MS = 86_400_000;

/** The answer's deadline: the request's moment plus 15 days. */
export function prazoResposta(criadaEm: Date | string): Date {
  return new Date(new Date(criadaEm).getTime() + PRAZO_RESPOSTA_DIAS * DAY_MS);
}

/**
 * Days left until the deadline, counted on the clock and rounded up (issue 58): minutes after a
 * request it is still 15, and any part of a day left counts as a day (1 on the last day). Past the
 * deadline, the days overdue, likewise rounded up (negative); 0 only at the deadline itself.
 */
export function diasRestantes(prazo: Date | string, now: Date = new Date()): number {
  const ms = new Date(prazo).getTime() - now.getTime();
  return ms > 0 ? Math.ceil(ms / DAY_MS) : -Math.ceil(-ms / DAY_MS) || 0;
}

/** "faltam 3 dias", "vence hoje", "atrasada 2 dias" — for the staff list. */
export function prazoRespostaTexto(dias: number): string {
  if (dias > 1) return `faltam ${dias} dias`;
  if (dias === 1) return 'falta 1 dia';
  if (dias === 0) return 'vence hoje';
  return `atrasada ${-dias} ${dias === -1 ? 'dia' : 'dias'}`;
}

/** The identity fields a client asks staff to correct (the contact fields it edits itself). */
export interface CorrecaoDados {
  razaoSocial?: string;
  cnpj?: string;
}

/** The contact fields a client may change itself (PUT /api/clientes/me/contato). */
export const CLIENTE_CONTATO_CAMPOS = [
  'nomeFantasia',
  'emailRF',
  'telefone',
  'celularWhatsApp',
  'cep',
  'endereco',
  'numero',
  'complemento',
  'bairro',
  'cidade',
  'estado',
  'nomeCompletoResponsavel',
  'cargo',
  'telefoneResponsavel',
  'celularWhatsAppResponsavel',
] as const;
export type ClienteContatoCampo = (typeof CLIENTE_CONTATO_CAMPOS)[number];

/** A request as the API answers it (the client sees its own; staff see all, with the client's name). */
export interface SolicitacaoTitularResponse {
  _id: string;
  tipo: SolicitacaoTipo;
  tipoLabel: string;
  status: SolicitacaoStatus;
  statusLabel: string;
  clienteId: string;
  /** Staff only (the list): the client's current name (the anonymised one after an erasure). */
  clienteNome?: string | null;
  /** What the client wrote: why it asks. */
  motivo: string | null;
  /** correcao: the new values asked for. */
  dados: CorrecaoDados | null;
  /** The staff's answer (required on a refusal). */
  resposta: string | null;
  respondidaEm: string | null;
  respondidaPorNome: string | null;
  /** When the answer was queued to the client by e-mail. */
  respostaEnviadaEm: string | null;
  /** Art. 19 II deadline (created + 15 days), for requests staff answer. */
  prazo: string | null;
  /** exportacao: until when the file may be downloaded; after that 410. */
  expiraEm: string | null;
  /** exportacao: the ZIP's size in bytes, once ready. */
  tamanho: number | null;
  /** exportacao, while the link works: where to download it (with the client's token). */
  download: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The staff list as CSV (GET /api/solicitacoes-titulares/exportar), pt-BR headers and dates. */
export const SOLICITACOES_TITULARES_CSV: readonly { header: string; value: (s: SolicitacaoTitularResponse) => string | number | null | undefined }[] = [
  { header: 'Pedido', value: (s) => s.tipoLabel },
  { header: 'Cliente', value: (s) => s.clienteNome ?? null },
  { header: 'Situação', value: (s) => s.statusLabel },
  { header: 'Recebido em', value: (s) => formatDateBR(s.createdAt) },
  { header: 'Prazo (art. 19)', value: (s) => (s.prazo ? formatDateBR(s.prazo) : null) },
  { header: 'Motivo', value: (s) => s.motivo },
  { header: 'Resposta', value: (s) => s.resposta },
  { header: 'Respondido por', value: (s) => s.respondidaPorNome },
];
