/*
 * What the mailbox sends (§7, issue 4). What it receives (folders, summaries, messages, usage) is
 * in ../mail-types.ts.
 */

/** Compose's address fields and subject, as typed (addresses separated by commas). */
export interface ComposeFields {
  to: string;
  cc: string;
  bcc: string;
  subject: string;
}

/** POST /api/emails/send, POST /api/emails/drafts and PUT /api/emails/drafts/:id, beside the new files. */
export interface ComposePayload extends ComposeFields {
  body: string;
  /** Stored attachments to keep (a draft's, or a forwarded message's). */
  attachmentIds: string[];
  inReplyTo?: string;
}

/** DELETE /api/emails/:id: to the Lixeira, or (from the Lixeira) for good. */
export interface EmailDeleteResponse {
  result: 'trash' | 'deleted';
}
