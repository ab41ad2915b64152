/*
 * The panel's bell (issue 53, ADR 0053): each staff member's own notices. What each notice is called,
 * who receives the firm-wide ones, and where a notice about a registro links for its reader.
 */
import { type AccessGroup, can, groupsOf, type Principal } from './access';
import { formatDateBR } from './format';

export type AvisoTipo =
  | 'registro.atribuido'
  | 'documento.enviado'
  | 'checklist.enviado'
  | 'exigencia.respondida'
  | 'pagamento.recebido'
  | 'contato.recebido'
  | 'fila.falhou'
  | 'exigencia.vencendo'
  | 'prazo.vencendo'
  | 'mensagem.recebida';

export const AVISO_TIPO_LABELS: Readonly<Record<AvisoTipo, string>> = {
  'registro.atribuido': 'Registro atribuído',
  'documento.enviado': 'Documento enviado pelo cliente',
  'checklist.enviado': 'Arquivo do checklist enviado',
  'exigencia.respondida': 'Exigência respondida',
  'pagamento.recebido': 'Pagamento recebido',
  'contato.recebido': 'Nova mensagem de contato',
  'fila.falhou': 'E-mail não enviado',
  'exigencia.vencendo': 'Exigência perto do prazo',
  'prazo.vencendo': 'Registro perto do prazo',
  'mensagem.recebida': 'Mensagem do cliente',
};

/** A deadline draws near when it falls within this many business days (the daily notice, once per item and person). */
export const AVISO_PRAZO_DIAS_UTEIS = 5;

/**
 * Who is told of the firm-wide events. A new contact message: Suporte and the board (the associados may read
 * Mensagens, but the messages are Suporte's work, so their bell stays quiet). A message that finally failed in
 * the outgoing queue: the board, who holds the Fila de saída.
 */
export const AVISO_GRUPOS: Readonly<Record<'contato' | 'filaSaida' | 'mensagemSemResponsavel', readonly AccessGroup[]>> = {
  contato: ['master', 'diretoria', 'suporte'],
  filaSaida: ['master', 'diretoria'],
  // A client's message on a registro nobody holds yet (ADR 0057): the board, who assigns registros.
  mensagemSemResponsavel: ['master', 'diretoria'],
};

/** Does a staff member belong to the readers of this firm-wide notice? */
export function recebeAviso(p: Principal, grupo: keyof typeof AVISO_GRUPOS): boolean {
  return groupsOf(p).some((g) => AVISO_GRUPOS[grupo].includes(g));
}

/**
 * The panel path of a registro for this reader: the firm's list for whoever reads every registro, else
 * Meus Registros (an associado's screen). Full /painel paths: the panel router has no basename.
 */
export function avisoRegistroPath(p: Principal, registroId: string): string {
  return can(p, 'registros.readAll') ? `/painel/registros/${registroId}` : `/painel/meu-registros/${registroId}`;
}

/** A notice as the API answers it. */
export interface AvisoItem {
  id: string;
  tipo: AvisoTipo;
  tipoLabel: string;
  titulo: string;
  /** A /painel path the reader may open. */
  link: string;
  lidoEm: string | null;
  createdAt: string;
}

/** The bell's list: a page of the reader's notices, newest first, and how many are still unread. */
export interface AvisosResposta {
  data: AvisoItem[];
  total: number;
  naoLidos: number;
}

/** When a notice came, as the bell shows it: "agora", "há 5 min", "há 3 h", then the date (dd/mm/aaaa). */
export function quandoAviso(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const ms = now.getTime() - at.getTime();
  if (Number.isNaN(ms)) return '';
  const min = Math.floor(ms / 60_000);
  if (min < 1) return 'agora';
  if (min < 60) return `há ${min} min`;
  if (min < 24 * 60) return `há ${Math.floor(min / 60)} h`;
  return formatDateBR(at);
}
