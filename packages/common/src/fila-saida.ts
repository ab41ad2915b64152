/** The outbox as the board sees it (issue 53): Configurações → Fila de saída, and the panel's banner. */

export type FilaSaidaEstado = 'aguardando' | 'enviado' | 'falhou' | 'cancelado';

export const FILA_SAIDA_ESTADOS: readonly FilaSaidaEstado[] = ['aguardando', 'enviado', 'falhou', 'cancelado'];

export const FILA_SAIDA_ESTADO_LABELS: Readonly<Record<FilaSaidaEstado, string>> = {
  aguardando: 'Aguardando',
  enviado: 'Enviado',
  falhou: 'Falhou',
  cancelado: 'Cancelado',
};

/** What each event of a system message is called on screen; an unknown one shows as stored. */
export const FILA_SAIDA_EVENTOS: Readonly<Record<string, string>> = {
  'cliente.boas-vindas': 'Boas-vindas',
  'registro.recebido': 'Solicitação recebida',
  'registro.status': 'Status do registro',
  'processo.etapa': 'Etapa do processo',
  'processo.exigencia': 'Exigência',
  'processo.exigencia-prazo': 'Exigência: prazo terminando',
  'processo.documento-recusado': 'Documento recusado',
  'processo.documento-aceito': 'Documento aceito',
  'documento.disponivel': 'Documento disponível',
  'cobranca.emitida': 'Cobrança emitida',
  'cobranca.pagamento': 'Pagamento recebido',
  'agenda.convite': 'Convite da agenda',
  'agenda.cancelamento': 'Agenda: cancelamento',
  'cobranca.lembrete': 'Lembrete de cobrança',
  'titular.correcao': 'Resposta LGPD (correção)',
  'titular.eliminacao': 'Resposta LGPD (eliminação)',
  'senha.redefinicao': 'Redefinição de senha',
  'contato.mensagem': 'Mensagem do site',
};

export function filaSaidaEventoLabel(evento: string | null | undefined): string {
  if (!evento) return '—';
  return Object.prototype.hasOwnProperty.call(FILA_SAIDA_EVENTOS, evento) ? FILA_SAIDA_EVENTOS[evento] : evento;
}

/** One system message (GET /api/fila-saida). */
export interface FilaSaidaItem {
  _id: string;
  para: string;
  assunto: string;
  evento: string | null;
  eventoLabel: string;
  estado: FilaSaidaEstado;
  estadoLabel: string;
  tentativas: number;
  ultimoErro: string | null;
  /** ISO; null once the message left the queue (sent, failed, cancelled) or while it waits for a relay. */
  proximaTentativa: string | null;
  clienteId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/fila-saida/resumo: what the banner of the board's panel reads. */
export interface FilaSaidaResumo {
  /** SMTP_URL is set: outside addresses can be reached. */
  configurado: boolean;
  /** The latest attempt to send failed. */
  ultimosEnviosFalharam: boolean;
  /** Not configured, or the latest sends failed: /api/health/ready says "degradado". */
  degradado: boolean;
  aguardando: number;
  falharam: number;
}

/** The banner's sentence, or null when outgoing mail is sound. */
export function filaSaidaAviso(r: FilaSaidaResumo): string | null {
  if (!r.degradado) return null;
  const n = r.aguardando;
  const fila = n === 0 ? 'nenhuma mensagem aguarda' : n === 1 ? '1 mensagem aguarda' : `${n.toLocaleString('pt-BR')} mensagens aguardam`;
  if (!r.configurado) return `O envio de e-mails para fora não está configurado: ${fila} na fila de saída. Os clientes não recebem avisos nem links de redefinição de senha. Configure em Configurações → E-mail de saída.`;
  return `Os últimos envios de e-mail falharam: ${fila} na fila de saída. Veja Configurações → Fila de saída.`;
}
