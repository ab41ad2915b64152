/*
 * The client area's calls, through the shared client of @veritas/web: JSON over /api with the
 * stored bearer token. A 401 means the session is over: it is cleared as a rejected one and the
 * visitor goes to /login (§4).
 */
import { clearRejectedSession, type DocumentoResponse } from '@veritas/common';
import {
  createApiClient,
  downloadDocumento,
  listQuery as contractQuery,
  type Loaded,
  type RequestOptions,
  uploadDocumento,
  type UploadFields,
  useApi as useClientApi,
} from '@veritas/web';

export { errorMessage, useDebounced, type Loaded } from '@veritas/web';

/** What a failure says when the server gave no message of its own. */
export const UNEXPECTED = 'Ocorreu um erro inesperado. Tente novamente.';

export const client = createApiClient({
  onUnauthorized: () => {
    clearRejectedSession(window.localStorage);
    window.location.assign('/login');
  },
});

/** The whole JSON body of `path`'s answer. */
export function api<T>(path: string, init: Pick<RequestOptions, 'method' | 'body' | 'signal'> = {}): Promise<T> {
  return client.request<T>(path, init);
}

/** The list contract's query string: filter, range (inclusive) and sort. */
export function listQuery(filter: Record<string, unknown>, range: { from: number; to: number }, sort?: [string, 'ASC' | 'DESC']): string {
  return contractQuery({ filter, range, sort: sort && { field: sort[0], order: sort[1] } });
}

export { pageRange } from '@veritas/web';

export function upload(file: File, fields: UploadFields, onProgress: (fraction: number) => void): Promise<DocumentoResponse> {
  return client.guard(() => uploadDocumento(file, fields, client.authHeaders(), onProgress));
}

export function download(doc: Pick<DocumentoResponse, '_id' | 'nomeArquivo'>): Promise<void> {
  return client.guard(() => downloadDocumento(doc._id, doc.nomeArquivo, client.authHeaders()));
}

/** GETs `path` (null: nothing to fetch) through the client area's client; see @veritas/web's useApi. */
export function useApi<T>(path: string | null, version = 0): Loaded<T> {
  return useClientApi<T>(client, path, version);
}
