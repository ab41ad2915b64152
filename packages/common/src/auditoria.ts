import type { CsvColumn } from './csv';
import { formatDateTimeBR } from './format';

/** The audit trail (issue 16): one entry as the API answers it. */
export interface AuditoriaResponse {
  _id: string;
  seq: number;
  em: string;
  atorTipo: 'user' | 'cliente' | 'sistema';
  atorId: string | null;
  atorEmail: string | null;
  atorNome: string | null;
  ip: string | null;
  requestId: string | null;
  acao: string;
  entidade: string;
  entidadeId: string | null;
  /** The client and the registro the entry belongs to (their trails), when there is one. */
  clienteId: string | null;
  registroId: string | null;
  /** field → [before, after]; passwords, hashes and tokens never appear (shown as "[oculto]"). */
  diff: Record<string, unknown> | null;
}

/**
 * The kind of break the verification found (issue 55): an entry whose content or MAC was rewritten,
 * a link to the entry before that does not hold, a seq missing in the middle, the oldest entries
 * removed, the newest removed (the head behind a checkpoint), or a checkpoint file that is not signed
 * with the chain's key.
 */
export type AuditoriaQuebra = 'conteudo' | 'encadeamento' | 'lacuna' | 'inicio' | 'fim' | 'ponto-de-controle';

export interface AuditoriaVerificacao {
  ok: boolean;
  checked: number;
  /** The first bad entry (id null when it is missing: removed from either end). */
  firstBroken: { id: string | null; seq: number; reason: string; tipo: AuditoriaQuebra } | null;
  /** The signed checkpoints kept outside the database, and the newest (what the tail is held to). */
  pontosDeControle: { total: number; ultimo: { seq: number; em: string } | null };
}

export const AUDITORIA_ATOR_LABELS: Readonly<Record<AuditoriaResponse['atorTipo'], string>> = {
  user: 'Equipe',
  cliente: 'Cliente',
  sistema: 'Sistema',
};

/** What the entities are called on screen (the table names the trail files entries under). */
export const AUDITORIA_ENTIDADE_LABELS: Readonly<Record<string, string>> = {
  users: 'Usuários',
  clientes: 'Clientes',
  tipos_cliente: 'Tipos de cliente',
  registros: 'Registros',
  documentos: 'Documentos',
  cobrancas: 'Cobranças',
  processo_modelos: 'Modelos de processo',
  checklist_modelos: 'Modelos de checklist',
  feriados: 'Feriados',
  agenda_eventos: 'Agenda',
  equipe_ausencias: 'Ausências',
  contato_mensagens: 'Mensagens de contato',
  emails: 'E-mails',
  sessao: 'Acesso',
  auditoria: 'Trilha de auditoria',
};

/** Entries whose code reads as a whole (issue 52: Auditoria shows words, not `login.ok`). */
const ACAO_LABELS: Readonly<Record<string, string>> = {
  'login.ok': 'Entrada no sistema',
  'login.falha': 'Tentativa de entrada recusada',
  logout: 'Saída do sistema',
  'logout.todos': 'Saída de todos os dispositivos',
  'usuario.senha.redefinicao': 'Usuário: senha redefinida',
  'cliente.senha.redefinicao': 'Cliente: senha redefinida',
  'cliente.senha.link-enviado': 'Cliente: link de senha enviado',
  'documento.leitura': 'Documento: aberto pela equipe',
  'documento.download': 'Documento: baixado',
  'cobranca.lembrete': 'Cobrança: lembrete enviado',
  'registro.checklist.decisao': 'Checklist do registro: documento avaliado',
  'registro.etapa.dispensa': 'Etapa do registro: dispensada sem documentos',
  'auditoria.expurgo': 'Auditoria: entradas antigas expurgadas',
  'auditoria.chave': 'Auditoria: chave da trilha',
};

/** What an entry's subject is called (the code before the verb). */
const ACAO_SUJEITOS: Readonly<Record<string, string>> = {
  usuario: 'Usuário',
  'usuario.ausencias': 'Ausências do usuário',
  cliente: 'Cliente',
  tipo_cliente: 'Tipo de cliente',
  'tipo_cliente.servicos': 'Serviços do tipo de cliente',
  registro: 'Registro',
  'registro.etapa': 'Etapa do registro',
  'registro.exigencia': 'Exigência do registro',
  'registro.checklist': 'Checklist do registro',
  'registro.junta': 'Junta do registro',
  'registro.status': 'Status do registro',
  documento: 'Documento',
  cobranca: 'Cobrança',
  'cobranca.pagamento': 'Pagamento de cobrança',
  'config.processo': 'Modelo de etapas',
  'config.checklist': 'Modelo de checklist',
  'config.feriado': 'Feriado da empresa',
  agenda: 'Compromisso da agenda',
  'equipe.ausencia': 'Ausência da equipe',
  'financas.extrato': 'Extrato bancário',
  contato: 'Mensagem de contato',
  'titular.solicitacao': 'Solicitação do titular (LGPD)',
  auditoria: 'Auditoria',
};

const ACAO_VERBOS: Readonly<Record<string, string>> = {
  create: 'criação',
  update: 'alteração',
  delete: 'exclusão',
  read: 'consulta',
};

/**
 * An entry's action in words ("Pagamento de cobrança: criação" for `cobranca.pagamento.create`);
 * a code not known here shows as it is, so nothing is hidden.
 */
export function auditoriaAcaoLabel(acao: string): string {
  if (ACAO_LABELS[acao]) return ACAO_LABELS[acao];
  if (ACAO_SUJEITOS[acao]) return ACAO_SUJEITOS[acao];
  const cut = acao.lastIndexOf('.');
  if (cut > 0) {
    const sujeito = ACAO_SUJEITOS[acao.slice(0, cut)];
    const verbo = ACAO_VERBOS[acao.slice(cut + 1)];
    if (sujeito && verbo) return `${sujeito}: ${verbo}`;
  }
  return acao;
}

/** "Quem": the name, else the e-mail, else the kind (Sistema). */
export function auditoriaAtor(a: Pick<AuditoriaResponse, 'atorTipo' | 'atorNome' | 'atorEmail'>): string {
  return a.atorNome || a.atorEmail || AUDITORIA_ATOR_LABELS[a.atorTipo] || a.atorTipo;
}

const cellValue = (v: unknown) => (v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** The change as one line of text: "campo: antes → depois; ...". */
export function auditoriaDiffText(diff: AuditoriaResponse['diff']): string {
  if (!diff) return '';
  return Object.entries(diff)
    .map(([k, v]) => (Array.isArray(v) && v.length === 2 ? `${k}: ${cellValue(v[0])} → ${cellValue(v[1])}` : `${k}: ${cellValue(v)}`))
    .join('; ');
}

export const AUDITORIA_CSV: readonly CsvColumn<AuditoriaResponse>[] = [
  { header: 'Seq', value: (a) => a.seq },
  { header: 'Quando', value: (a) => formatDateTimeBR(a.em) },
  { header: 'Quem', value: (a) => auditoriaAtor(a) },
  { header: 'Tipo', value: (a) => AUDITORIA_ATOR_LABELS[a.atorTipo] ?? a.atorTipo },
  { header: 'E-mail', value: (a) => a.atorEmail },
  { header: 'IP', value: (a) => a.ip },
  { header: 'Ação', value: (a) => a.acao },
  { header: 'Entidade', value: (a) => AUDITORIA_ENTIDADE_LABELS[a.entidade] ?? a.entidade },
  { header: 'ID', value: (a) => a.entidadeId },
  { header: 'Alteração', value: (a) => auditoriaDiffText(a.diff) },
  { header: 'Requisição', value: (a) => a.requestId },
];

