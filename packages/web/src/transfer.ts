/*
 * Moving documents in and out of the browser, for the client area and the staff panel alike: an
 * upload that reports its progress (XMLHttpRequest: fetch has no upload progress) and a download
 * of an authenticated file, with its progress, saved under its own name. Each takes the
 * Authorization header from its caller (ApiClient.authHeaders()).
 */
import { DOCUMENT_DEFAULT_MAX_BYTES, DOCUMENT_EXTENSIONS, DOCUMENT_TYPES_HELP, formatBytes, type DocumentoResponse } from '@veritas/common';
import { ApiError, apiErrorFrom } from './errors';
import { dataOf, jsonOf } from './envelope';

export const CONNECTION_LOST =
  'Não foi possível enviar o arquivo: a conexão foi interrompida. Verifique a sua conexão e o tamanho do arquivo e tente de novo.';

export const DOWNLOAD_FAILED = 'Não foi possível baixar o arquivo: a conexão foi interrompida. Tente de novo.';

/** The form fields POST /api/documentos takes beside the file. */
export interface UploadFields {
  clienteId?: string;
  registroId?: string;
  titulo?: string;
}


export interface SendOptions {
  /** POST unless told. */
  method?: 'POST' | 'PUT';
  /** A fraction from 0 to 1 (1 once the server has answered). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** What a dropped connection says (the server may close it on a body far too large). */
  connectionLost?: string;
}

/**
 * Sends `body` (a multipart form, or JSON text) through XMLHttpRequest, whose upload events give
 * the progress fetch has not. Resolves with the whole JSON answer; a refusal is an ApiError with the
 * server's message and body.
 */
export function sendWithProgress(url: string, body: FormData | string, headers: Record<string, string>, options: SendOptions = {}): Promise<unknown> {
  const { onProgress = () => {}, signal } = options;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (typeof body === 'string') xhr.setRequestHeader('Content-Type', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const answer = jsonOf(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(answer);
      } else {
        reject(apiErrorFrom(xhr.status, answer));
      }
    };
    // The server may refuse a body announced far too large before reading it, and close the
    // connection: the browser then reports a network error rather than the 413.
    xhr.onerror = () => reject(new ApiError(0, options.connectionLost ?? CONNECTION_LOST));
    xhr.onabort = () => reject(new DOMException('Envio cancelado.', 'AbortError'));
    if (signal) {
      if (signal.aborted) return xhr.abort();
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(body);
  });
}

/**
 * POST `url` as multipart/form-data with progress (`onProgress` receives a fraction from 0 to 1,
 * 1 once the server has answered). Resolves with `data` of the answer.
 */
export async function uploadFile<T>(
  url: string,
  form: FormData,
  headers: Record<string, string>,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return dataOf<T>(await sendWithProgress(url, form, headers, { onProgress, signal }));
}

/** POST /api/documentos: the file under `arquivo` and the non-empty fields beside it. */
export function uploadDocumento(
  file: File,
  fields: UploadFields,
  headers: Record<string, string>,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<DocumentoResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value) form.append(name, value);
  form.append('arquivo', file, file.name);
  return uploadFile<DocumentoResponse>('/api/documentos', form, headers, onProgress, signal);
}

/**
 * GETs `url` as a Blob through XMLHttpRequest with progress (`onProgress` gets a fraction when the
 * size is known). A failure is an ApiError with the server's message.
 */
export function downloadBlob(
  url: string,
  headers: Record<string, string>,
  onProgress: (fraction: number) => void = () => {},
): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('GET', url);
    xhr.responseType = 'blob';
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const blob = xhr.response as Blob;
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(blob);
        return;
      }
      // The error body is JSON inside the blob.
      blob
        .text()
        .then((text) => reject(apiErrorFrom(xhr.status, jsonOf(text))))
        .catch(() => reject(apiErrorFrom(xhr.status, null)));
    };
    xhr.onerror = () => reject(new ApiError(0, DOWNLOAD_FAILED));
    xhr.send();
  });
}

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the blob once the click is handled; give it a moment before letting go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * GET /api/documentos/:id/download with the bearer token, then saves the file under `fileName`
 * (the server records the first download by a client as proof of delivery).
 */
export async function downloadDocumento(
  id: string,
  fileName: string,
  headers: Record<string, string>,
  onProgress?: (fraction: number) => void,
): Promise<void> {
  const blob = await downloadBlob(`/api/documentos/${encodeURIComponent(id)}/download`, headers, onProgress);
  saveBlob(blob, fileName);
}

/** '512 bytes', '48 KB', '1,5 MB': written once, in the shared rules. */
export { formatBytes };

/* What POST /api/documentos accepts, written once in the shared package. */
export const ACCEPTED_EXTENSIONS = DOCUMENT_EXTENSIONS;

/** For <input type="file" accept>. */
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.map((ext) => `.${ext}`).join(',');

export const ACCEPTED_HELP = DOCUMENT_TYPES_HELP;

/** The server's default DOC_MAX_BYTES; a server set otherwise says its own limit in its 413 message. */
export const DEFAULT_MAX_BYTES = DOCUMENT_DEFAULT_MAX_BYTES;

export const SIZE_HELP = `Tamanho máximo: ${formatBytes(DEFAULT_MAX_BYTES)} por arquivo.`;

/** Why a chosen file can never be accepted, or null. */
export function fileRefusal(file: { name: string; size: number }): string | null {
  if (file.size === 0) return `O arquivo "${file.name}" está vazio.`;
  const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  if (!ACCEPTED_EXTENSIONS.includes(ext)) return `O arquivo "${file.name}" não é de um tipo aceito. ${ACCEPTED_HELP}`;
  return null;
}
