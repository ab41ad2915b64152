/*
 * The staff mailbox's API shapes and messages (§2.14, §3.8, §7), shared by the server and the
 * panel's /painel/email screen.
 */

/** The folders of §7, as they appear in GET /api/emails/:folder. 'starred' is a view, not a place. */
export const EMAIL_FOLDERS = ['inbox', 'starred', 'sent', 'drafts', 'archive', 'trash'] as const;
export type EmailFolder = (typeof EMAIL_FOLDERS)[number];

/** Where a message really is. */
export type StoredFolder = 'inbox' | 'sent' | 'drafts' | 'archive' | 'trash';

/** Where "Mover para" may put a message (Enviados and Rascunhos are filled by sending and saving). */
export const MOVE_TARGETS = ['inbox', 'archive', 'trash'] as const;
export type MoveTarget = (typeof MOVE_TARGETS)[number];

export const EMAIL_FOLDER_LABELS: Readonly<Record<EmailFolder, string>> = {
  inbox: 'Caixa de Entrada',
  sent: 'Enviados',
  drafts: 'Rascunhos',
  starred: 'Com estrela',
  archive: 'Arquivo',
  trash: 'Lixeira',
};

export function isEmailFolder(v: unknown): v is EmailFolder {
  return typeof v === 'string' && (EMAIL_FOLDERS as readonly string[]).includes(v);
}

export interface EmailAddress {
  name: string;
  address: string;
}

export interface EmailAttachmentInfo {
  id: string;
  filename: string;
  size: number;
  contentType: string;
  /** Set for inline parts: the body shows them where an <img data-cid="..."> is. */
  contentId: string | null;
}

/** A row of GET /api/emails/:folder. */
export interface EmailSummary {
  _id: string;
  folder: StoredFolder;
  from: string;
  fromName: string;
  to: EmailAddress[];
  cc: EmailAddress[];
  subject: string;
  /** ISO 8601, UTC. */
  date: string;
  read: boolean;
  starred: boolean;
  important: boolean;
  hasAttachments: boolean;
  /** Already cut by `emailPreview` (first two non-empty lines, 120 characters at most). */
  preview: string;
}

/** GET /api/emails/message/:id. */
export interface EmailDetail extends EmailSummary {
  /** Only ever on the sender's own copies. */
  bcc: EmailAddress[];
  /**
   * Sanitised HTML (sanitize-html on the server; show it through DOMPurify as well). Remote images
   * come as <img data-remote-src="https://..."> with no src, to be loaded only when the reader asks;
   * inline images as <img data-cid="..."> matching an attachment's contentId.
   */
  body: string;
  /** The text body (for text-only messages, the one to show: see isHtml). */
  text: string;
  isHtml: boolean;
  hasRemoteImages: boolean;
  messageId: string | null;
  inReplyTo: string | null;
  attachments: EmailAttachmentInfo[];
}

/** GET /api/emails/:folder: §7's "an object with an emails list" is `data`. */
export interface EmailListResponse {
  data: EmailSummary[];
  total: number;
  /** Present (false) only when a search's count stopped at CONTAGEM_LIMITE: there are more than `total`. */
  totalExato?: false;
  /** Unread messages in the inbox, whatever folder was asked for. */
  unread: number;
}

/** GET /api/emails/usage. */
export interface MailUsage {
  usedBytes: number;
  quotaBytes: number;
}

export const MAIL_MESSAGES = {
  noRecipient: 'Por favor, adicione um destinatário.',
  sendFailedPrefix: 'Erro ao enviar email: ',
  sendFailedGeneric: 'Falha ao enviar email',
  sent: 'Email enviado com sucesso!',
  deleteConfirm: 'Tem certeza que deseja excluir este email?',
  empty: 'Nenhum email encontrado',
  loading: 'Carregando emails...',
  notFound: 'Email não encontrado.',
  attachmentNotFound: 'Anexo não encontrado.',
  folderNotFound: 'Pasta de email não encontrada.',
  draftCannotMove: 'Rascunhos só podem ir para a Lixeira.',
  notInTrash: 'Só mensagens da Lixeira podem ser restauradas.',
  archived: 'Arquivado.',
  restored: 'Restaurado.',
} as const;

/**
 * What a screen shows when sending fails: the prefix once, then the server's reason (a full
 * sentence, which never carries the prefix itself) with its first letter lowered to follow it (not an acronym's).
 */
export function sendFailedText(reason: string | null | undefined): string {
  const r = reason?.trim() || MAIL_MESSAGES.sendFailedGeneric;
  if (r.startsWith(MAIL_MESSAGES.sendFailedPrefix)) return r;
  const lowered = /^\p{Lu}(?!\p{Lu})/u.test(r) ? r[0].toLowerCase() + r.slice(1) : r;
  return MAIL_MESSAGES.sendFailedPrefix + lowered;
}

