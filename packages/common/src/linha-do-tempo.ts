/*
 * A client's timeline (issue 56, ADR 0054): every dated thing about one client in one list, newest first —
 * its mails (the reader's own mailbox copies), registros and their stages, exigências, checklist items,
 * documents, charges and payments, appointments. The kinds, their names, and one line as the API answers it.
 */

export const LINHA_DO_TEMPO_TIPOS = ['email', 'registro', 'etapa', 'exigencia', 'checklist', 'documento', 'cobranca', 'pagamento', 'agenda', 'mensagem'] as const;
export type LinhaDoTempoTipo = (typeof LINHA_DO_TEMPO_TIPOS)[number];

export const LINHA_DO_TEMPO_TIPO_LABELS: Readonly<Record<LinhaDoTempoTipo, string>> = {
  email: 'E-mail',
  registro: 'Registro',
  etapa: 'Etapa',
  exigencia: 'Exigência',
  checklist: 'Lista de documentos',
  documento: 'Documento',
  cobranca: 'Cobrança',
  pagamento: 'Pagamento',
  agenda: 'Agenda',
  mensagem: 'Mensagem no portal',
};

export function isLinhaDoTempoTipo(v: unknown): v is LinhaDoTempoTipo {
  return typeof v === 'string' && (LINHA_DO_TEMPO_TIPOS as readonly string[]).includes(v);
}

/** One line of GET /api/clientes/:id/linha-do-tempo. */
export interface LinhaDoTempoItem {
  /** `<tipo>:<id of the source row>`, with the event after it when one row makes several lines (`checklist:<id>:aceito`). */
  _id: string;
  tipo: LinhaDoTempoTipo;
  tipoLabel: string;
  /** When it happened (ISO); an appointment, when it takes place. */
  data: string;
  /** A pt-BR sentence: "Registro 2026-000742 aberto: Abertura de empresa". */
  titulo: string;
  registroId: string | null;
  /** The registro's protocol number ("2026-000742"), when the line is about one. */
  protocolo: string | null;
  /** The /painel path that opens the record, as this reader reaches it. */
  link: string;
}

/** The list's filter: kinds (one or several) and a registro. */
export interface LinhaDoTempoFiltro {
  tipo?: LinhaDoTempoTipo | LinhaDoTempoTipo[];
  registroId?: string;
}
