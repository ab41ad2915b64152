/*
 * The HTTP client of the three front ends: JSON over /api with the bearer token of the shared
 * session (packages/common/src/session.ts), the `{ data }` envelope unwrapped, lists with their
 * total, and every failure as an ApiError with the server's pt-BR message.
 */
import { bearerHeader, type SessionStore } from '@veritas/common';
import { ApiError, apiErrorFrom, isAbort, NETWORK_FAILURE } from './errors';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** Message when the server sends none of its own (else one for the status). */
  fallback?: string;
  headers?: Record<string, string>;
}

export interface ListParams {
  filter?: Record<string, unknown>;
  /** Inclusive row range, from 0 (the list contract's `range`). */
  range?: { from: number; to: number };
  sort?: { field: string; order: 'ASC' | 'DESC' };
}

export interface ListResult<T> {
  data: T[];
  /** All matches, not only this page. */
  total: number;
}

export interface ApiClientOptions {
  /** Where the session lives; window.localStorage when omitted (read at each call). */
  storage?: SessionStore;
  fetch?: typeof fetch;
  /**
   * A 401 on a call that carried a token: the session is over. Called before the ApiError(401)
   * is thrown (the portal clears the session and goes to /login; the panel lets react-admin sign out).
   */
  onUnauthorized?: (error: ApiError) => void;
}

export interface ApiClient {
  /** The whole JSON body of a successful answer (null when there is none). */
  request<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  /** `data` of a `{ data }` answer. */
  get<T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  /** Writes answer `{ data }` (unwrapped), or a body without one (`{ message }`, returned as is), or nothing (null). */
  post<T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  del<T = unknown>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  /** A collection (`{ data, total }`) with the list contract's filter, range and sort. */
  list<T>(path: string, params?: ListParams, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<ListResult<T>>;
  /** The Authorization header of the stored session, or nothing (for uploads and downloads). */
  authHeaders(): Record<string, string>;
  /** Runs a call made elsewhere (an upload) through the same 401 handling. */
  guard<T>(run: () => Promise<T>): Promise<T>;
}

/** A session store that holds nothing: calls made without any token (the public pages). */
export const NO_SESSION: SessionStore = { getItem: () => null, setItem: () => {}, removeItem: () => {} };

/** The list contract's query string: `?filter=…&range=[from,to]&sort=[field,order]`. */
export function listQuery(params: ListParams = {}): string {
  const query = new URLSearchParams();
  if (params.filter && Object.keys(params.filter).length) query.set('filter', JSON.stringify(params.filter));
  if (params.range) query.set('range', JSON.stringify([params.range.from, params.range.to]));
  if (params.sort) query.set('sort', JSON.stringify([params.sort.field, params.sort.order]));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The inclusive range of page `page` (from 0) of `size` rows. */
export function pageRange(page: number, size: number): { from: number; to: number } {
  return { from: page * size, to: page * size + size - 1 };
}

function withQuery(path: string, query: string): string {
  if (!query) return path;
  return path.includes('?') ? `${path}&${query.slice(1)}` : `${path}${query}`;
}

/** `data` of a `{ data }` envelope, else the body as it came. */
export function dataOf<T>(body: unknown): T {
  return (body !== null && typeof body === 'object' && 'data' in body ? (body as { data: T }).data : body) as T;
}

/** `data` of a `{ data }` envelope; an answer without one is a contract error. */
export function unwrap<T>(body: unknown): T {
  if (body !== null && typeof body === 'object' && 'data' in body) return (body as { data: T }).data;
  throw new ApiError(200, 'Resposta inesperada do servidor. Tente novamente.', body);
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const storage = (): SessionStore => options.storage ?? window.localStorage;
  const doFetch = (): typeof fetch => options.fetch ?? globalThis.fetch.bind(globalThis);

  const authHeaders = () => bearerHeader(storage());

  function unauthorized(error: unknown, hadToken: boolean): void {
    if (hadToken && error instanceof ApiError && error.status === 401) options.onUnauthorized?.(error);
  }

  async function guard<T>(run: () => Promise<T>): Promise<T> {
    const hadToken = Object.keys(authHeaders()).length > 0;
    try {
      return await run();
    } catch (error) {
      unauthorized(error, hadToken);
      throw error;
    }
  }

  async function request<T = unknown>(path: string, init: RequestOptions = {}): Promise<T> {
    const auth = authHeaders();
    const headers: Record<string, string> = { Accept: 'application/json', ...auth, ...init.headers };
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    let res: Response;
    try {
      res = await doFetch()(path, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: init.signal,
      });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiError(0, init.fallback ?? NETWORK_FAILURE);
    }
    // An abort while the body is read rejects as an abort: never as an empty (null) answer, which
    // a caller would take for a success (the mailbox read `.data` of null when a folder switch
    // aborted its list mid-body). Any other unreadable body is left to the status.
    const text =
      res.status === 204
        ? ''
        : await res.text().catch((error: unknown) => {
            if (isAbort(error) || init.signal?.aborted) throw error;
            return '';
          });
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON (a proxy's page): the status decides */
      }
    }
    if (!res.ok) {
      const error = apiErrorFrom(res.status, body, init.fallback);
      unauthorized(error, 'Authorization' in auth);
      throw error;
    }
    return body as T;
  }

  const sub = (method: Method) =>
    <T>(path: string, body?: unknown, rest: Omit<RequestOptions, 'method' | 'body'> = {}) =>
      request(path, { ...rest, method, body }).then((answer) => dataOf<T>(answer));

  return {
    request,
    get: async <T>(path: string, rest: Omit<RequestOptions, 'method' | 'body'> = {}) =>
      unwrap<T>(await request(path, { ...rest, method: 'GET' })),
    post: sub('POST'),
    put: sub('PUT'),
    patch: sub('PATCH'),
    del: <T>(path: string, rest: Omit<RequestOptions, 'method' | 'body'> = {}) => request(path, { ...rest, method: 'DELETE' }).then((answer) => dataOf<T>(answer)),
    list: async <T>(path: string, params: ListParams = {}, rest: Omit<RequestOptions, 'method' | 'body'> = {}) => {
      const body = await request<{ data?: unknown; total?: unknown }>(withQuery(path, listQuery(params)), { ...rest, method: 'GET' });
      const data = Array.isArray(body?.data) ? (body.data as T[]) : [];
      const total = typeof body?.total === 'number' ? body.total : data.length;
      return { data, total };
    },
    authHeaders,
    guard,
  };
}
