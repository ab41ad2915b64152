/*
 * Moving documents in and out of the browser: an upload that reports its progress and a download
 * of an authenticated file saved under its own name. Written once for both front ends (the staff
 * panel imports this file too); it only needs the Authorization header from its caller.
 */
import { DOCUMENT_DEFAULT_MAX_BYTES, DOCUMENT_EXTENSIONS, DOCUMENT_TYPES_HELP, type DocumentoResponse } from '@veritas/common';

/** An answer of the API that was not a success, with the server's pt-BR message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The server's message from an error body ({ message } as a text or a list), if any. */
export function messageOf(body: unknown): string | null {
  const message = body !== null && typeof body === 'object' ? (body as { message?: unknown }).message : undefined;
  if (typeof message === 'string' && message.trim()) return message;
  if (Array.isArray(message) && message.length) return message.join(' ');
  return null;
}

/** What to say when the server gave no message of its own. */
function fallbackMessage(status: number): string {
  if (status === 413) return 'O arquivo excede o tamanho máximo permitido.';
  if (status === 415) return 'Tipo de arquivo não permitido.';
  if (status === 404) return 'Não encontrado.';
  if (status === 403) return 'Você não tem permissão para esta ação.';
  return `Não foi possível concluir a operação (erro ${status}). Tente novamente.`;
}

export function apiErrorFrom(status: number, body: unknown): ApiError {
  return new ApiError(status, messageOf(body) ?? fallbackMessage(status));
}

export const CONNECTION_LOST =
  'Não foi possível enviar o arquivo: a conexão foi interrompida. Verifique a sua conexão e o tamanho do arquivo e tente de novo.';

/** The form fields POST /api/documentos takes beside the file. */
export interface UploadFields {
  clienteId?: string;
  registroId?: string;
  titulo?: string;
}

/**
 * POST /api/documentos as multipart/form-data through XMLHttpRequest, whose upload events give
 * the progress that fetch cannot. `onProgress` receives a fraction from 0 to 1.
 */
export function uploadDocumento(
  file: File,
  fields: UploadFields,
  headers: Record<string, string>,
  onProgress: (fraction: number) => void,
): Promise<DocumentoResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value) form.append(name, value);
  form.append('arquivo', file, file.name);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/documentos');
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        /* not JSON (a proxy's page): the status decides */
      }
      if (xhr.status === 201 || xhr.status === 200) {
        onProgress(1);
        resolve((body as { data: DocumentoResponse }).data);
      } else {
        reject(apiErrorFrom(xhr.status, body));
      }
    };
    // The server may refuse a body announced far too large before reading it, and close the
    // connection: the browser then reports a network error rather than the 413.
    xhr.onerror = () => reject(new ApiError(0, CONNECTION_LOST));
    xhr.send(form);
  });
}

/**
 * GET /api/documentos/:id/download with the bearer token, then saves the blob under `fileName`
 * (the server records the first download by a client as proof of delivery).
 */
export async function downloadDocumento(id: string, fileName: string, headers: Record<string, string>): Promise<void> {
  const res = await fetch(`/api/documentos/${encodeURIComponent(id)}/download`, { headers });
  if (!res.ok) throw apiErrorFrom(res.status, await res.json().catch(() => null));
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the blob once the click is handled; give it a moment before letting go.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** '512 bytes', '48 KB', '1,5 MB' (as the server words its own limits). */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Number((n / (1024 * 1024)).toFixed(1)).toLocaleString('pt-BR')} MB`;
  if (n >= 1024) return `${Math.round(n / 1024).toLocaleString('pt-BR')} KB`;
  return `${n} bytes`;
}

/* What POST /api/documentos accepts, written once in the shared package. */
export const ACCEPTED_EXTENSIONS = DOCUMENT_EXTENSIONS;

/** For <input type="file" accept>. */
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.map((ext) => `.${ext}`).join(',');

export const ACCEPTED_HELP = DOCUMENT_TYPES_HELP;

/** The server's default DOC_MAX_BYTES; a server set otherwise says its own limit in its 413 message. */
export const DEFAULT_MAX_BYTES = DOCUMENT_DEFAULT_MAX_BYTES;

export const SIZE_HELP = `Tamanho máximo: ${formatBytes(DEFAULT_MAX_BYTES)} por arquivo.`;

/** Why a chosen file can never be accepted, or null. */
export function fileRefusal(file: File): string | null {
  if (file.size === 0) return `O arquivo "${file.name}" está vazio.`;
  const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  if (!ACCEPTED_EXTENSIONS.includes(ext)) return `O arquivo "${file.name}" não é de um tipo aceito. ${ACCEPTED_HELP}`;
  return null;
}
