import type { DocumentoResponse } from './api-types';
import { MENU_ITEMS } from './menu';
import type { ChecklistItemResponse } from './processos';

/*
 * Issue 56 (ADR 0051): a mail attachment turned into a registro's document or a checklist item's file,
 * and a registro's correspondence (the caller's own mailbox copies linked to it).
 */

/** POST /api/emails/message/:id/anexos/:indice/registro. */
export interface AnexarAoRegistroPayload {
  registroId: string;
  /** A checklist item of that registro: the file is sent for it (it then stands as "enviado"). */
  itemId?: string | null;
  /** The document's title when it is not for an item (default: the file's name). */
  titulo?: string;
}

/** Its answer: the document made, and the item it was sent for (null when none). */
export interface AnexarAoRegistroResult {
  documento: DocumentoResponse;
  item: ChecklistItemResponse | null;
}

/** One line of GET /api/registros/:id/correspondencia: a mail of the caller's own mailbox linked to the registro. */
export interface CorrespondenciaLinha {
  _id: string;
  subject: string;
  from: string;
  fromName: string | null;
  date: string;
  folder: string;
  hasAttachments: boolean;
}

export const ANEXO_MESSAGES = {
  notFound: 'Anexo não encontrado neste e-mail.',
  tooLarge: (limite: string) => `O anexo excede o tamanho máximo de documentos (${limite}).`,
  refused: (motivo: string) => `Este anexo não pode virar documento: ${motivo}`,
  anexado: 'Anexo guardado como documento do registro.',
  enviadoParaItem: (item: string) => `Anexo enviado para o item "${item}" da lista de documentos.`,
  jaAnexado: (titulo: string, arquivo: string) => `Este anexo já é o documento "${titulo}" (${arquivo}) deste registro.`,
} as const;

/** The panel's whole address (/painel/email?…) of a mailbox message, in its folder: the mailbox's list filter and `email` (admin/src/email/mailboxNav.ts). */
export function mailboxMessagePath(id: string, folder: string): string {
  const params = new URLSearchParams({ filter: JSON.stringify({ folder }), email: id });
  return `${MENU_ITEMS.email.path}?${params.toString()}`;
}

/**
 * The panel's whole address of the mailbox opening a new message to `para` with `assunto` (issue 56:
 * "Responder ao cliente" from a registro; the protocol in the subject files the sent mail under it).
 */
export function mailboxComposePath(para: string, assunto: string): string {
  const params = new URLSearchParams({ escrever: '1', para, assunto });
  return `${MENU_ITEMS.email.path}?${params.toString()}`;
}

/**
 * The panel's whole address of the mailbox's list narrowed to a client or a registro (issue 56): the
 * folder (the inbox when none) and the filter GET /api/emails takes (clienteId, registroId).
 */
export function mailboxFilteredPath(filter: { folder?: string; clienteId?: string; registroId?: string }): string {
  const value: Record<string, string> = { folder: filter.folder ?? 'inbox' };
  if (filter.clienteId) value.clienteId = filter.clienteId;
  if (filter.registroId) value.registroId = filter.registroId;
  return `${MENU_ITEMS.email.path}?${new URLSearchParams({ filter: JSON.stringify(value) }).toString()}`;
}
