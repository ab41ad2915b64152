/*
 * The HTTP client of the three front ends: JSON over /api with the bearer token of the shared
 * session (packages/common/src/session.ts), the `{ data }` envelope unwrapped, lists with their
 * total, and every failure as an ApiError with the server's pt-BR message.
 */
import { bearerHeader, type SessionStore } from '@veritas/common';
import { answerWithIds, dataOf, jsonOf, unwrap, withoutIds } from './envelope';
import { ApiError, apiErrorFrom, isAbort, NETWORK_FAILURE } from './errors';
import { downloadBlob, sendWithProgress } from './transfer';

export { dataOf, unwrap } from './envelope';

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
  /**
   * react-admin's records (the panel): every record of an answer's `data` gets `id` beside its
   * `_id`, and neither key goes back in a JSON body (envelope.ts).
   */
  recordIds?: boolean;
}

/** A successful answer whole: what an adapter reading headers needs (react-admin's simple-rest reads Content-Range). */
export interface ApiAnswer<T> {
  status: number;
  headers: Headers;
  /** The JSON body (null when there is none, or it is not JSON). */
  body: T;
}

/** An upload or download with progress (XMLHttpRequest, transfer.ts). */
export interface TransferOptions {
  /** POST unless told (uploads). */
  method?: 'POST' | 'PUT';
  /** A fraction from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** What a dropped connection says, when not the file upload's words. */
  connectionLost?: string;
}

type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

export interface ApiClient {
  /** The whole successful answer: status, headers and JSON body. */
  exchange<T = unknown>(path: string, options?: RequestOptions): Promise<ApiAnswer<T>>;
  /** The whole JSON body of a successful answer (null when there is none). */
  request<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  /** `data` of a `{ data }` answer. */
  get<T>(path: string, options?: CallOptions): Promise<T>;
  /** Writes answer `{ data }` (unwrapped), or a body without one (`{ message }`, returned as is), or nothing (null). */
  post<T = unknown>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  del<T = unknown>(path: string, options?: CallOptions): Promise<T>;
  /** A collection (`{ data, total }`) with the list contract's filter, range and sort. */
  list<T>(path: string, params?: ListParams, options?: CallOptions): Promise<ListResult<T>>;
  /** Sends a form (files) or a JSON body with upload progress; `data` of the answer. */
  upload<T>(path: string, body: FormData | object, options?: TransferOptions): Promise<T>;
  /** A file the session may read, as a Blob, with download progress. */
  download(path: string, options?: Pick<TransferOptions, 'onProgress'>): Promise<Blob>;
  /** The Authorization header of the stored session, or nothing. */
  authHeaders(): Record<string, string>;
  /** Runs a call made elsewhere through the same 401 handling. */
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


export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const storage = (): SessionStore => options.storage ?? window.localStorage;
  const doFetch = (): typeof fetch => options.fetch ?? globalThis.fetch.bind(globalThis);
  const received = <T>(body: T): T => (options.recordIds ? answerWithIds(body) : body);
  const outgoing = (body: unknown): unknown =>
    options.recordIds && body !== null && typeof body === 'object' && !Array.isArray(body) && !(body instanceof FormData) ? withoutIds(body) : body;

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

  async function exchange<T = unknown>(path: string, init: RequestOptions = {}): Promise<ApiAnswer<T>> {
    const auth = authHeaders();
    const headers: Record<string, string> = { Accept: 'application/json', ...auth, ...init.headers };
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    let res: Response;
    try {
      res = await doFetch()(path, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(outgoing(init.body)),
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
    const body = jsonOf(text);
    if (!res.ok) {
      const error = apiErrorFrom(res.status, body, init.fallback);
      unauthorized(error, 'Authorization' in auth);
      throw error;
    }
    return { status: res.status, headers: res.headers, body: received(body) as T };
  }

  const request = <T = unknown>(path: string, init: RequestOptions = {}): Promise<T> => exchange<T>(path, init).then((answer) => answer.body);

  const sub = (method: Method) =>
    <T>(path: string, body?: unknown, rest: CallOptions = {}) =>
      request(path, { ...rest, method, body }).then((answer) => dataOf<T>(answer));

  async function upload<T>(path: string, body: FormData | object, transfer: TransferOptions = {}): Promise<T> {
    const payload = body instanceof FormData ? body : JSON.stringify(outgoing(body));
    const answer = await guard(() => sendWithProgress(path, payload, authHeaders(), transfer));
    return dataOf<T>(received(answer));
  }

  return {
    exchange,
    request,
    get: async <T>(path: string, rest: CallOptions = {}) =>
      unwrap<T>(await request(path, { ...rest, method: 'GET' })),
    post: sub('POST'),
    put: sub('PUT'),
    patch: sub('PATCH'),
    del: <T>(path: string, rest: CallOptions = {}) => request(path, { ...rest, method: 'DELETE' }).then((answer) => dataOf<T>(answer)),
    list: async <T>(path: string, params: ListParams = {}, rest: CallOptions = {}) => {
      const body = await request<{ data?: unknown; total?: unknown }>(withQuery(path, listQuery(params)), { ...rest, method: 'GET' });
      const data = Array.isArray(body?.data) ? (body.data as T[]) : [];
      const total = typeof body?.total === 'number' ? body.total : data.length;
      return { data, total };
    },
    upload,
    download: (path, transfer = {}) => guard(() => downloadBlob(path, authHeaders(), transfer.onProgress)),
    authHeaders,
    guard,
  };
}
