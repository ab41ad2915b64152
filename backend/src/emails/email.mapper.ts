import { EmailAttachmentInfo, EmailDetail, emailPreview, EmailSummary } from '@veritas/common';
import { toIso } from '../platform/database';
import { hasRemoteImages, htmlFromText, type MailAttachment, type MailMessage, type StoredBody } from '../mail';

/**
 * The columns a summary reads, and so all a folder's page selects (issue 14: the 23 columns of the
 * whole row cost a page of 50 about a sixth of its CPU in transfer and hydration).
 */
export const SUMMARY_COLUMNS = [
  'id', 'folder', 'fromAddress', 'fromName', 'toList', 'ccList', 'subject', 'date', 'read', 'starred', 'important', 'hasAttachments', 'preview',
] as const satisfies readonly (keyof MailMessage)[];

export function toEmailSummary(m: Pick<MailMessage, (typeof SUMMARY_COLUMNS)[number]>): EmailSummary {
  return {
    _id: m.id,
    folder: m.folder,
    from: m.fromAddress,
    fromName: m.fromName,
    to: m.toList,
    cc: m.ccList,
    subject: m.subject,
    date: toIso(m.date) ?? '',
    read: !!m.read,
    starred: !!m.starred,
    important: !!m.important,
    hasAttachments: !!m.hasAttachments,
    preview: emailPreview(m.preview),
  };
}

export function toAttachmentInfo(a: MailAttachment): EmailAttachmentInfo {
  return { id: a.id, filename: a.filename, size: a.size, contentType: a.contentType, contentId: a.contentId };
}

export function toEmailDetail(m: MailMessage, body: StoredBody, attachments: MailAttachment[]): EmailDetail {
  const html = m.isHtml && body.html ? body.html : htmlFromText(body.text);
  return {
    ...toEmailSummary(m),
    bcc: m.bccList,
    body: html,
    text: body.text,
    isHtml: !!m.isHtml,
    hasRemoteImages: hasRemoteImages(html),
    messageId: m.messageId,
    inReplyTo: m.inReplyTo,
    attachments: attachments.map(toAttachmentInfo),
  };
}
