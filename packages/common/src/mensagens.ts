/*
 * A conversation per registro between the client and the firm (issue 56, ADR 0057): messages with text and
 * files, who wrote each one, and whether the other side has read it. The rules both sides check before a call.
 */

import { groupThousands } from './format';

/** Which side wrote a message: the client (its company login) or the firm's staff. */
export type MensagemLado = 'cliente' | 'equipe';

export const MENSAGEM_TEXTO_MAX = 5000;
/** Files one message may bring (each bounded by DOC_MAX_BYTES, like any document). */
export const MENSAGEM_ARQUIVOS_MAX = 5;

export const MENSAGEM_MESSAGES = {
  textoObrigatorio: 'Escreva a mensagem.',
  textoLongo: `A mensagem pode ter até ${groupThousands(MENSAGEM_TEXTO_MAX)} caracteres.`,
  textoInvalido: 'A mensagem deve ser um texto.',
  arquivosDemais: `Envie no máximo ${MENSAGEM_ARQUIVOS_MAX} arquivos por mensagem, no campo "arquivo".`,
  enviada: 'Mensagem enviada.',
  falhou: 'A mensagem não foi enviada.',
} as const;

/** The problem of a message's text (trimmed before), or null: required, at most MENSAGEM_TEXTO_MAX characters. */
export function mensagemTextoProblem(value: unknown): string | null {
  if (typeof value !== 'string') return value === undefined || value === null ? MENSAGEM_MESSAGES.textoObrigatorio : MENSAGEM_MESSAGES.textoInvalido;
  const t = value.trim();
  if (!t) return MENSAGEM_MESSAGES.textoObrigatorio;
  return t.length > MENSAGEM_TEXTO_MAX ? MENSAGEM_MESSAGES.textoLongo : null;
}

/** A file of a message: a document of the registro (download at /api/documentos/:_id/download). */
export interface MensagemArquivo {
  _id: string;
  titulo: string;
  nomeArquivo: string;
  tipo: string;
  tamanho: number;
}

/** One message of GET /api/registros/:id/mensagens. */
export interface RegistroMensagemItem {
  _id: string;
  registroId: string;
  lado: MensagemLado;
  /** Who wrote it, as named when written: the staff member's name, or the client's company name. */
  autorNome: string;
  texto: string;
  /** When it was written (ISO, UTC). */
  criadoEm: string;
  /** When the other side first opened the conversation after it (the read receipt); null while unread. */
  lidaEm: string | null;
  arquivos: MensagemArquivo[];
}

/** The route of a registro's conversation (both sides: the client its own registros, staff the ones they see). */
export function mensagensPath(registroId: string): string {
  return `/api/registros/${encodeURIComponent(registroId)}/mensagens`;
}

/** The download address of a message's file (the documents' route). */
export function mensagemArquivoUrl(documentoId: string): string {
  return `/api/documentos/${encodeURIComponent(documentoId)}/download`;
}

/**
 * A message found by the staff's search across the conversations they may see (GET /api/mensagens, the
 * mailbox's search): the message with its registro and client, the text cut to MENSAGEM_TRECHO characters.
 */
export interface MensagemEncontrada {
  _id: string;
  registroId: string;
  registroNumero: string;
  clienteId: string;
  clienteNome: string | null;
  lado: MensagemLado;
  autorNome: string;
  trecho: string;
  criadoEm: string;
}

/** How much of a found message's text the search answers. */
export const MENSAGEM_TRECHO = 240;
