/**
 * The contract other features use to send mail (MailService.send / enqueue). `from` defaults to
 * the system address nao-responda@MAIL_DOMAIN with BRAND_NAME as the name.
 */
export interface OutgoingMail {
  from?: string;
  fromName?: string;
  to: string[];
  cc?: string[];
  bcc?: string[];
  subject: string;
  html: string;
  text?: string;
  attachments?: OutgoingAttachment[];
  /**
   * A notification to a client (issue 58): which client and which event, kept with the queued
   * message so the client's LGPD copy lists the e-mails sent to it (subject, date, event). `link`:
   * the portal screen the notice is about (one of PORTAL_PATHS), where its entry in the portal's
   * Novidades leads (ADR 0052); without one, the portal's start.
   */
  cliente?: { id: string; evento: string; link?: string };
  /**
   * Extra header fields, sent as given (the List-Unsubscribe pair of an optional notice, set by
   * MailService.enqueue from the client's preferences; ADR 0046).
   */
  headers?: Record<string, string>;
  /** The event of a message for no client ('senha.redefinicao', 'contato.mensagem'…), shown in the Fila de saída. */
  evento?: string;
}

export interface OutgoingAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface SendResult {
  /** The RFC 5322 Message-ID given to the message. */
  messageId: string;
  /** Internal recipients (existing staff @MAIL_DOMAIN), delivered into their inboxes. */
  delivered: string[];
  /** Everyone else, handed to the SMTP_URL relay. */
  relayed: string[];
}

/** A mailbox address as stored and answered. */
export interface Address {
  name: string;
  address: string;
}
