/*
 * Processos (issue 11): the contract between the stage model (etapas, juntas) and the requirement
 * and document model (exigências, checklist). API shapes and the keys both sides agree on.
 */

/** Who acts in a stage. */
export const RESPONSAVEL_TIPOS = ['escritorio', 'cliente', 'junta', 'receita', 'estado', 'prefeitura', 'inpi'] as const;
export type ResponsavelTipo = (typeof RESPONSAVEL_TIPOS)[number];

export const ETAPA_STATUS = ['pendente', 'andamento', 'concluida', 'dispensada'] as const;
export type EtapaStatus = (typeof ETAPA_STATUS)[number];

/** One stage of a registro (GET /api/registros/:id → `etapas`). */
export interface EtapaResponse {
  _id: string;
  nome: string;
  ordem: number;
  responsavelTipo: ResponsavelTipo;
  status: EtapaStatus;
  /** ISO 8601 (UTC) when started / finished; null until then. */
  inicio: string | null;
  fim: string | null;
  /** Expected end 'YYYY-MM-DD' on the Junta's calendar; null while pending. */
  prazo: string | null;
  /** Protocol number at the body that acts in this stage. */
  protocolo: string | null;
  /** Note; the client sees it only when `visivelCliente`. Skips carry their reason here. */
  nota: string | null;
  visivelCliente: boolean;
  /** Checklist keys (see CHECKLIST_CHAVE) that must all be accepted before this stage completes. */
  documentos: string[];
}

/** A stage of a service's template (GET/PUT /api/processos/modelos[/:servico]). */
export interface EtapaModelo {
  nome: string;
  responsavelTipo: ResponsavelTipo;
  /** Expected duration in business days. */
  duracaoDiasUteis: number;
  /** Checklist keys this stage needs accepted. */
  documentos?: string[];
}

export const EXIGENCIA_STATUS = ['aberta', 'cumprida', 'expirada'] as const;
export type ExigenciaStatus = (typeof EXIGENCIA_STATUS)[number];
/** IN DREI 81/2020: 30 calendar days from the notice, never restarted. */
export const EXIGENCIA_PRAZO_DIAS_CORRIDOS = 30;

export const CHECKLIST_STATUS = ['pendente', 'enviado', 'aceito', 'recusado'] as const;
export type ChecklistStatus = (typeof CHECKLIST_STATUS)[number];

/**
 * Checklist keys (`chave`) that stage templates refer to. A checklist item of a registro carries
 * the key of the template item it came from; a stage's `documentos` lists keys.
 */
export const CHECKLIST_CHAVE = {
  identidadeSocios: 'identidade-cpf-socios',
  enderecoSocios: 'comprovante-endereco-socios',
  imovel: 'iptu-ou-contrato-locacao',
  contratoSocial: 'contrato-social-vigente',
  minutaAlteracao: 'minuta-alteracao',
  distratoBaixa: 'distrato',
  balanco: 'balanco-patrimonial',
  logotipoMarca: 'logotipo-marca',
} as const;

/** Past cases of a stage (same name, same Junta) needed before the prediction uses them. */
export const PREVISAO_MIN_CASOS = 5;

/** A window of dates 'YYYY-MM-DD': "previsão: entre {de} e {ate}". */
export interface PrevisaoJanela {
  de: string;
  ate: string;
}

/** GET /api/registros/:id → `previsao`: the current stage's end and the whole process's. */
export interface PrevisaoResponse {
  proximaEtapa: PrevisaoJanela | null;
  conclusao: PrevisaoJanela | null;
}

/** What issue 11 adds to GET /api/registros/:id. */
export interface RegistroProcessoDetalhe {
  etapas: EtapaResponse[];
  previsao: PrevisaoResponse;
}

export const ETAPA_STATUS_LABELS: Readonly<Record<EtapaStatus, string>> = {
  pendente: 'Pendente',
  andamento: 'Em andamento',
  concluida: 'Concluída',
  dispensada: 'Dispensada',
};

export const RESPONSAVEL_TIPO_LABELS: Readonly<Record<ResponsavelTipo, string>> = {
  escritorio: 'Escritório',
  cliente: 'Cliente',
  junta: 'Junta Comercial',
  receita: 'Receita Federal',
  estado: 'Secretaria da Fazenda (estado)',
  prefeitura: 'Prefeitura',
  inpi: 'INPI',
};

/** Exigências this close to their deadline (calendar days, expired ones included) show in Prazos and the dashboard. */
export const EXIGENCIA_ALERTA_DIAS = 5;

/** A requirement raised by the Junta on a registro (GET /api/registros/:id/exigencias). */
export interface ExigenciaResponse {
  _id: string;
  registroId: string;
  descricao: string;
  /** 'YYYY-MM-DD': the day the firm was notified. */
  notificadaEm: string;
  /** 'YYYY-MM-DD': the first notice of this round (IN DREI 81/2020: the clock is never restarted). */
  rodadaInicio: string;
  /** 'YYYY-MM-DD': rodadaInicio + EXIGENCIA_PRAZO_DIAS_CORRIDOS calendar days (last day to comply). */
  prazo: string;
  /** aberta | cumprida | expirada (computed: open and today is after the deadline). */
  status: ExigenciaStatus;
  /** Calendar days from today to the deadline (negative: expired); null once met. */
  diasRestantes: number | null;
  cumpridaEm: string | null;
  cumpridaPorNome: string | null;
  criadoPorNome: string;
  createdAt: string;
}

/** An item of a service's checklist template (GET/PUT /api/processos/checklists/:servico). */
export interface ChecklistModeloItem {
  /** Stable key (see CHECKLIST_CHAVE; lower-case letters, digits and hyphens). */
  chave: string;
  nome: string;
  descricao: string | null;
  obrigatorio: boolean;
}

/** A checklist item of a registro (GET /api/registros/:id/checklist). */
export interface ChecklistItemResponse {
  _id: string;
  registroId: string;
  chave: string;
  nome: string;
  descricao: string | null;
  obrigatorio: boolean;
  ordem: number;
  status: ChecklistStatus;
  /** Why staff refused the last file (shown to the client); null otherwise. */
  motivo: string | null;
  /** The file sent (a document of the client linked to the registro: GET /api/documentos/:id/download). */
  documentoId: string | null;
  nomeArquivo: string | null;
  enviadoEm: string | null;
  avaliadoEm: string | null;
  avaliadoPorNome: string | null;
}

/** An open exigência near (or past) its deadline, for Prazos and the dashboard. */
export interface ExigenciaAlerta {
  _id: string;
  registroId: string;
  registroNumero: string;
  clienteId: string;
  clienteNome: string | null;
  descricao: string;
  prazo: string;
  diasRestantes: number;
  expirada: boolean;
}

export const EXIGENCIA_STATUS_LABELS: Readonly<Record<ExigenciaStatus, string>> = {
  aberta: 'Aberta',
  cumprida: 'Cumprida',
  expirada: 'Expirada',
};

/** What a client must act on, across its open registros (GET /api/registros/me/pendencias: "Aguardando você"). */
export interface PendenciasClienteResponse {
  /** Open exigências (expired ones too), nearest deadline first. */
  exigencias: (ExigenciaResponse & { registroNumero: string; registroTipo: string })[];
  /** Checklist items still to send (pendente) or to send again (recusado, with the motivo). */
  documentos: (ChecklistItemResponse & { registroNumero: string; registroTipo: string })[];
}
