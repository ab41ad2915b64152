/*
 * The client area's calls: JSON over /api with the stored bearer token. A 401 means the session
 * is over: it is cleared as a rejected one and the visitor goes to /login (§4).
 */
import { useCallback, useEffect, useState } from 'react';
import { bearerHeader, clearRejectedSession, type DocumentoResponse } from '@veritas/common';
import { ApiError, apiErrorFrom, downloadDocumento, uploadDocumento, type UploadFields } from './transfer';

export { ApiError } from './transfer';

const SESSION_OVER = 'Sua sessão expirou. Entre novamente.';

function authHeaders(): Record<string, string> {
  return bearerHeader(window.localStorage);
}

function sessionOver(): never {
  clearRejectedSession(window.localStorage);
  window.location.assign('/login');
  throw new ApiError(401, SESSION_OVER);
}

function rethrow(error: unknown): never {
  if (error instanceof ApiError && error.status === 401) sessionOver();
  throw error;
}

export async function api<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders() };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'Não foi possível falar com o servidor. Verifique a sua conexão e tente de novo.');
  }
  if (res.status === 401) sessionOver();
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) throw apiErrorFrom(res.status, body);
  return body as T;
}

/** The list contract's query string: filter, range (inclusive) and sort. */
export function listQuery(filter: Record<string, unknown>, page: { from: number; to: number }, sort?: [string, 'ASC' | 'DESC']): string {
  const params = new URLSearchParams({ filter: JSON.stringify(filter), range: JSON.stringify([page.from, page.to]) });
  if (sort) params.set('sort', JSON.stringify(sort));
  return `?${params}`;
}

/** The inclusive range of page `page` (from 0) of `size` rows, for listQuery. */
export function pageRange(page: number, size: number): { from: number; to: number } {
  return { from: page * size, to: page * size + size - 1 };
}

export function upload(file: File, fields: UploadFields, onProgress: (fraction: number) => void): Promise<DocumentoResponse> {
  return uploadDocumento(file, fields, authHeaders(), onProgress).catch(rethrow);
}

export function download(doc: Pick<DocumentoResponse, '_id' | 'nomeArquivo'>): Promise<void> {
  return downloadDocumento(doc._id, doc.nomeArquivo, authHeaders()).catch(rethrow);
}

export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Ocorreu um erro inesperado. Tente novamente.';
}

export interface Loaded<T> {
  data: T | undefined;
  error: string | null;
  loading: boolean;
  reload: () => void;
}

/**
 * GETs `path` (null: nothing to fetch), again whenever it or `version` changes or `reload()` is
 * called. The previous answer stays on screen while the next one loads; a stale answer is dropped.
 */
export function useApi<T>(path: string | null, version = 0): Loaded<T> {
  const [state, setState] = useState<{ data: T | undefined; error: string | null; loading: boolean }>({
    data: undefined,
    error: null,
    loading: path !== null,
  });
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((n) => n + 1), []);

  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    api<T>(path, { signal: controller.signal })
      .then((data) => setState({ data, error: null, loading: false }))
      .catch((error) => {
        if (!controller.signal.aborted) setState((s) => ({ data: s.data, error: errorText(error), loading: false }));
      });
    return () => controller.abort();
  }, [path, tick, version]);

  return { ...state, reload };
}

/** `value`, once it has stopped changing for `ms` (for search boxes). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
