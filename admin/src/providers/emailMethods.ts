/*
 * The mailbox's calls (§7, issue 4) as named dataProvider methods: the core dataProvider spreads
 * `emailMethods` in, and the screen reaches them with `useMailbox()` (react-admin's
 * useDataProvider, so a 401 still signs out). Not getList/getOne: a folder list also answers the
 * inbox's unread count, sending reports upload progress, and attachments come back as files.
 */
import { useDataProvider, type DataProvider } from 'react-admin';
import { downloadBlob, saveBlob, serverMessage } from '@veritas/web';
import {
  type EmailDetail,
  type EmailFolder,
  type EmailListResponse,
  type EmailSummary,
  type MailUsage,
  type MoveTarget,
} from '@veritas/common';
import { webClient } from './webClient';

function authHeaders(): Record<string, string> {
  return { Accept: 'application/json', ...webClient.authHeaders() };
}

/** JSON in, JSON out, through the shared client: a non-2xx answer is an ApiError with the server's message. */
function call<T>(path: string, init: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  return webClient.request<T>(path, init);
}

export const PAGE_SIZE = 50;

export interface ListParams {
  folder: EmailFolder;
  page: number;
  q: string;
  signal?: AbortSignal;
}

function listFolder({ folder, page, q, signal }: ListParams): Promise<EmailListResponse> {
  const start = page * PAGE_SIZE;
  const params = new URLSearchParams({
    range: JSON.stringify([start, start + PAGE_SIZE - 1]),
    sort: JSON.stringify(['date', 'DESC']),
  });
  if (q.trim()) params.set('filter', JSON.stringify({ q: q.trim() }));
  return call<EmailListResponse>(`/api/emails/${folder}?${params}`, { signal });
}

async function getMessage(id: string, signal?: AbortSignal): Promise<EmailDetail> {
  return (await call<{ data: EmailDetail }>(`/api/emails/message/${encodeURIComponent(id)}`, { signal })).data;
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
  return (await call<{ data: { result: 'trash' | 'deleted' } }>(`/api/emails/${encodeURIComponent(id)}`, { method: 'DELETE' })).data.result;
}

/** An attachment's bytes (the route needs the token, so no plain link). */
async function fetchAttachment(id: string, signal?: AbortSignal): Promise<Blob> {
  const blob = await downloadBlob(`/api/emails/attachment/${encodeURIComponent(id)}`, webClient.authHeaders());
  // downloadBlob cannot be cancelled: a reader that went away just drops the answer.
  if (signal?.aborted) throw new DOMException('Cancelado.', 'AbortError');
  return blob;
}

/** Saves an attachment under its own file name. */
async function downloadAttachment(id: string, filename: string): Promise<void> {
  saveBlob(await fetchAttachment(id), filename);
}

/** Compose's address fields and subject, as typed. */
export interface ComposeFields {
  to: string;
  cc: string;
  bcc: string;
  subject: string;
}

/** What compose sends (POST /send) or keeps (POST /drafts, PUT /drafts/:id). */
export interface ComposePayload extends ComposeFields {
  body: string;
  /** Stored attachments to keep (a draft's, or a forwarded message's). */
  attachmentIds: string[];
  inReplyTo?: string;
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

function endpoint(target: ComposeTarget): { method: string; url: string } {
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
    const asJson = JSON.stringify(withoutAttachments);
    if (!files.length && asJson.length <= JSON_MAX_CHARS) return transmit(target, asJson, onProgress);
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

function transmit(target: ComposeTarget, body: string | FormData, onProgress: (fraction: number) => void): Promise<EmailSummary> {
  const { method, url } = endpoint(target);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    if (typeof body === 'string') xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const answer = xhr.response as { data?: EmailSummary; message?: unknown; draftId?: unknown } | null;
      if (xhr.status >= 200 && xhr.status < 300 && answer?.data) return resolve(answer.data);
      const draftId = typeof answer?.draftId === 'string' ? answer.draftId : null;
      reject(new SendError(serverMessage(answer) ?? (xhr.statusText || `Erro ${xhr.status}`), xhr.status, draftId));
    };
    xhr.onerror = () => reject(new SendError('Falha de conexão com o servidor.', 0, null));
    xhr.onabort = () => reject(new SendError('Envio cancelado.', 0, null));
    xhr.send(body);
  });
}

/** The named methods, as the dataProvider carries them. */
export const emailMethods = {
  listEmails: listFolder,
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
};

export type EmailMethods = typeof emailMethods;

/** The dataProvider with the mailbox's methods. */
export function useMailbox(): DataProvider & EmailMethods {
  return useDataProvider<DataProvider & EmailMethods>();
}
