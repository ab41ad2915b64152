/*
 * The mailbox's calls (§7, issue 4) beside react-admin's getList: the list itself is the
 * resource `emails` (GET /api/emails, the folder a filter), and everything else the screen does is
 * a named dataProvider method here. The core dataProvider spreads `emailMethods` in, and the screen
 * reaches them with `useMailbox()` (react-admin's useDataProvider, so a 401 still signs out).
 * Named, not CRUD: a message is read at /message/:id, sending reports upload progress, and
 * attachments come back as files.
 */
import { useDataProvider, type DataProvider } from 'react-admin';
import { ApiError, errorMessage, isAbort, saveBlob } from '@veritas/web';
import {
  MAIL_MESSAGES,
  type AnexarAoRegistroPayload,
  type AnexarAoRegistroResult,
  type ComposePayload,
  type EmailDeleteResponse,
  type EmailDetail,
  type EmailFolder,
  type EmailListResponse,
  type EmailSummary,
  type EmailVinculosPayload,
  type EmailVinculoView,
  type MailUsage,
  type MoveTarget,
} from '@veritas/common';
import { webClient } from './webClient';

/* Compose's shapes (@veritas/common) under the names the mailbox imports them by. */
export type { ComposeFields, ComposePayload } from '@veritas/common';

/** JSON in, JSON out, through the shared client: a non-2xx answer is an ApiError with the server's message. */
function call<T>(path: string, init: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  return webClient.request<T>(path, init);
}

async function getMessage(id: string, signal?: AbortSignal): Promise<EmailDetail> {
  return (await call<{ data: EmailDetail }>(`/api/emails/message/${encodeURIComponent(id)}`, { signal })).data;
}

/** Issue 56: the message's client and registros (only those the caller may see). */
async function getVinculos(id: string, signal?: AbortSignal): Promise<EmailVinculoView[]> {
  return (await call<{ data: EmailVinculoView[] }>(`/api/emails/message/${encodeURIComponent(id)}/vinculos`, { signal })).data;
}

async function setVinculos(id: string, payload: EmailVinculosPayload): Promise<EmailVinculoView[]> {
  return (await call<{ data: EmailVinculoView[] }>(`/api/emails/message/${encodeURIComponent(id)}/vinculos`, { method: 'PUT', body: payload })).data;
}

/** Issue 56: the attachment at `indice` of the message becomes a document of a registro (or a checklist item's file). */
async function anexarAoRegistro(id: string, indice: number, payload: AnexarAoRegistroPayload): Promise<AnexarAoRegistroResult> {
  return (await call<{ data: AnexarAoRegistroResult }>(`/api/emails/message/${encodeURIComponent(id)}/anexos/${indice}/registro`, { method: 'POST', body: payload })).data;
}

async function getUsage(): Promise<MailUsage> {
  return (await call<{ data: MailUsage }>('/api/emails/usage')).data;
}

async function markRead(id: string, read = true): Promise<EmailSummary> {
  return (await call<{ data: EmailSummary }>(`/api/emails/${encodeURIComponent(id)}/read`, { method: 'PUT', body: { read } })).data;
}

async function setStarred(id: string, starred: boolean): Promise<EmailSummary> {
  return (await call<{ data: EmailSummary }>(`/api/emails/${encodeURIComponent(id)}/star`, { method: 'PUT', body: { starred } })).data;
}

async function setImportant(id: string, important: boolean): Promise<EmailSummary> {
  return (await call<{ data: EmailSummary }>(`/api/emails/${encodeURIComponent(id)}/important`, { method: 'PUT', body: { important } })).data;
}

/** Arquivar, or "Mover para" Caixa de Entrada, Arquivo or Lixeira. */
async function moveEmail(id: string, folder: MoveTarget): Promise<EmailSummary> {
  return (await call<{ data: EmailSummary }>(`/api/emails/${encodeURIComponent(id)}/folder`, { method: 'PUT', body: { folder } })).data;
}

/** From Lixeira back to the folder the message came from. */
async function restoreEmail(id: string): Promise<EmailSummary> {
  return (await call<{ data: EmailSummary }>(`/api/emails/${encodeURIComponent(id)}/restore`, { method: 'POST' })).data;
}

/** To Lixeira; from Lixeira, for good. */
async function deleteEmail(id: string): Promise<'trash' | 'deleted'> {
  return (await call<{ data: EmailDeleteResponse }>(`/api/emails/${encodeURIComponent(id)}`, { method: 'DELETE' })).data.result;
}

/** An attachment's bytes (the route needs the token, so no plain link). */
async function fetchAttachment(id: string, signal?: AbortSignal): Promise<Blob> {
  const blob = await webClient.download(`/api/emails/attachment/${encodeURIComponent(id)}`);
  // downloadBlob cannot be cancelled: a reader that went away just drops the answer.
  if (signal?.aborted) throw new DOMException('Cancelado.', 'AbortError');
  return blob;
}

/** Saves an attachment under its own file name. */
async function downloadAttachment(id: string, filename: string): Promise<void> {
  saveBlob(await fetchAttachment(id), filename);
}

export interface ComposeTarget {
  kind: 'send' | 'draft';
  /** The draft being edited (PUT /drafts/:id), or sent (draftId of POST /send). */
  draftId?: string;
}

/**
 * A refused send or save: the server's message, its status (react-admin's checkError reads it:
 * a 401 signs out) and the draft the server kept the message in, if it did. Not an HttpError:
 * that class resets its prototype, and `instanceof SendError` must hold.
 */
export class SendError extends Error {
  constructor(message: string, readonly status: number, readonly draftId: string | null) {
    super(message);
  }
}

function endpoint(target: ComposeTarget): { method: 'POST' | 'PUT'; url: string } {
  if (target.kind === 'send') return { method: 'POST', url: '/api/emails/send' };
  if (target.draftId) return { method: 'PUT', url: `/api/emails/drafts/${encodeURIComponent(target.draftId)}` };
  return { method: 'POST', url: '/api/emails/drafts' };
}

function fieldsOf(payload: ComposePayload, target: ComposeTarget): [string, string][] {
  const fields: [string, string][] = [
    ['to', payload.to],
    ['cc', payload.cc],
    ['bcc', payload.bcc],
    ['subject', payload.subject],
    ['body', payload.body],
  ];
  if (target.kind === 'send' && target.draftId) fields.push(['draftId', target.draftId]);
  if (payload.inReplyTo) fields.push(['inReplyTo', payload.inReplyTo]);
  for (const id of payload.attachmentIds) fields.push(['attachmentIds', id]);
  return fields;
}

/** A JSON body stays well under the server's 1 MB JSON limit; bigger bodies go as a form. */
const JSON_MAX_CHARS = 900_000;

/**
 * Compose over XMLHttpRequest, whose upload events give the progress bar: multipart/form-data
 * with the files in `attachments`. With nothing to upload and no stored attachment to keep, JSON
 * says "no attachments" (an empty list, which a form cannot express), so that a draft's removed
 * attachments go away; a draft that loses all its stored attachments but gains new files is
 * emptied of them first for the same reason.
 */
async function submitCompose(
  target: ComposeTarget,
  payload: ComposePayload,
  files: File[],
  onProgress: (fraction: number) => void,
): Promise<EmailSummary> {
  const fields = fieldsOf(payload, target);
  if (!payload.attachmentIds.length) {
    const withoutAttachments: Record<string, unknown> = { ...Object.fromEntries(fields), attachmentIds: [] };
    if (!files.length && JSON.stringify(withoutAttachments).length <= JSON_MAX_CHARS) return transmit(target, withoutAttachments, onProgress);
    if (files.length && target.draftId) {
      const { draftId: _sending, ...draft } = withoutAttachments;
      // The send or save below reports any real problem.
      await call(`/api/emails/drafts/${encodeURIComponent(target.draftId)}`, { method: 'PUT', body: draft }).catch(() => undefined);
    }
  }
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  for (const file of files) form.append('attachments', file, file.name);
  return transmit(target, form, onProgress);
}

/** Compose's send or save through the panel's client, its refusal as a SendError. */
async function transmit(target: ComposeTarget, body: FormData | object, onProgress: (fraction: number) => void): Promise<EmailSummary> {
  const { method, url } = endpoint(target);
  try {
    return await webClient.upload<EmailSummary>(url, body, { method, onProgress, connectionLost: 'Falha de conexão com o servidor.' });
  } catch (error) {
    throw sendError(error);
  }
}

/** A failed send or save, with the draft the server kept the message in when it says so. */
function sendError(error: unknown): SendError {
  if (!(error instanceof ApiError)) return new SendError(isAbort(error) ? 'Envio cancelado.' : MAIL_MESSAGES.sendFailedGeneric, 0, null);
  const draftId = (error.body as { draftId?: unknown } | null)?.draftId;
  return new SendError(errorMessage(error, MAIL_MESSAGES.sendFailedGeneric), error.status, typeof draftId === 'string' ? draftId : null);
}

/** The named methods, as the dataProvider carries them. */
export const emailMethods = {
  getEmail: getMessage,
  getMailUsage: getUsage,
  markEmailRead: markRead,
  setEmailStarred: setStarred,
  setEmailImportant: setImportant,
  moveEmail,
  restoreEmail,
  deleteEmail,
  fetchEmailAttachment: fetchAttachment,
  downloadEmailAttachment: downloadAttachment,
  submitEmail: submitCompose,
  getEmailVinculos: getVinculos,
  setEmailVinculos: setVinculos,
  anexarAoRegistro,
};

export type EmailMethods = typeof emailMethods;

/** The dataProvider with the mailbox's methods. */
export function useMailbox(): DataProvider & EmailMethods {
  return useDataProvider<DataProvider & EmailMethods>();
}
