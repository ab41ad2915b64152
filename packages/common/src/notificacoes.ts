/*
 * Which e-mails a client may turn off (issue 53, ADR 0046). Every notice to a client names its event
 * (`OutgoingMail.cliente.evento`); the event's category decides whether the client's preferences
 * apply. Security and legal notices (welcome, password, LGPD answers) belong to no category: they are
 * always sent, and so is any event not listed here (a new notice is never suppressed by accident).
 */

export type NotificacaoCategoria = 'andamento' | 'documentos' | 'mensagens' | 'cobrancas' | 'agenda';

export const NOTIFICACAO_CATEGORIAS: readonly NotificacaoCategoria[] = ['andamento', 'documentos', 'mensagens', 'cobrancas', 'agenda'];

/** What each category is called on screen and in the e-mails' footer. */
export const NOTIFICACAO_CATEGORIA_LABELS: Readonly<Record<NotificacaoCategoria, string>> = {
  andamento: 'Andamento',
  documentos: 'Documentos',
  mensagens: 'Mensagens',
  cobrancas: 'Cobranças e lembretes',
  agenda: 'Agenda',
};

/** What a category covers, in the portal's words. */
export const NOTIFICACAO_CATEGORIA_DESCRICOES: Readonly<Record<NotificacaoCategoria, string>> = {
  andamento: 'Solicitação recebida, mudança de status, etapas concluídas e exigências da Junta Comercial (e o aviso de que o prazo de uma delas está terminando).',
  documentos: 'Documentos da lista conferidos (aceitos ou recusados, com o motivo) e documentos que a equipe disponibilizou para você.',
  mensagens: 'Respostas da equipe às suas mensagens nas solicitações.',
  cobrancas: 'Cobranças emitidas, pagamentos recebidos e lembretes de vencimento.',
  agenda: 'Convites, alterações e cancelamentos de compromissos.',
};

/** The events of the optional notices, by category. Every other event is always sent. */
export const NOTIFICACAO_EVENTOS: Readonly<Record<NotificacaoCategoria, readonly string[]>> = {
  andamento: ['registro.recebido', 'registro.status', 'processo.etapa', 'processo.exigencia', 'processo.exigencia-prazo'],
  documentos: ['processo.documento-recusado', 'processo.documento-aceito', 'documento.disponivel'],
  mensagens: ['registro.mensagem'],
  cobrancas: ['cobranca.emitida', 'cobranca.pagamento', 'cobranca.lembrete'],
  agenda: ['agenda.convite', 'agenda.cancelamento'],
};

/** The notices no preference turns off, named for the portal's screen. */
export const NOTIFICACOES_SEMPRE_ENVIADAS = 'Avisos de segurança e legais são sempre enviados: boas-vindas, redefinição e alteração de senha e respostas a pedidos sobre seus dados (LGPD).';

/** The category of an event, or null when the notice is always sent. */
export function categoriaDoEvento(evento: string | null | undefined): NotificacaoCategoria | null {
  if (!evento) return null;
  return NOTIFICACAO_CATEGORIAS.find((c) => NOTIFICACAO_EVENTOS[c].includes(evento)) ?? null;
}

export function isNotificacaoCategoria(v: unknown): v is NotificacaoCategoria {
  return typeof v === 'string' && (NOTIFICACAO_CATEGORIAS as readonly string[]).includes(v);
}

/** GET/PUT /api/clientes/me/notificacoes: each category on (true) or off. A client that never chose has every one on. */
export type NotificacoesPreferencias = Record<NotificacaoCategoria, boolean>;

export const NOTIFICACOES_PADRAO: Readonly<NotificacoesPreferencias> = { andamento: true, documentos: true, mensagens: true, cobrancas: true, agenda: true };
