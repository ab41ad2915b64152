import { fetchUtils, HttpError, type RaRecord } from 'react-admin';
import { bearerHeader } from '@veritas/common';

type Json = unknown;

function isObject(value: Json): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** react-admin wants `id`; our records carry `_id`. Both are kept. */
export function withId<T extends Json>(record: T): T {
  if (isObject(record) && record._id !== undefined && record.id === undefined) {
    return { ...record, id: record._id } as T;
  }
  return record;
}

/** `id` is ours (added by withId) and `_id` is the server's: neither goes back in a body. */
export function withoutIds<T extends Partial<RaRecord>>(data: T): Omit<T, 'id' | '_id'> {
  const { id: _id1, _id: _id2, ...rest } = data as T & { _id?: unknown };
  return rest;
}

/**
 * Our API answers `{ data: [...], total }` for lists and `{ data: {...} }` for one record;
 * ra-data-simple-rest expects the bare array or record. Anything else passes unchanged.
 */
export function unwrapEnvelope(body: Json): Json {
  if (isObject(body) && 'data' in body) {
    const data = body.data;
    if (Array.isArray(data)) return data.map(withId);
    if (isObject(data)) return withId(data);
    return data;
  }
  if (Array.isArray(body)) return body.map(withId);
  return withId(body);
}

/** Our error bodies carry a pt-BR `message` (a list, for validation errors). */
function errorMessage(body: unknown, fallback: string): string {
  const message = isObject(body) ? body.message : undefined;
  if (typeof message === 'string' && message) return message;
  if (Array.isArray(message) && message.length) return message.join('; ');
  return fallback;
}

/**
 * fetchJson with the stored bearer token; the body is left as the server sent it. Errors are
 * HttpErrors (status, the server's pt-BR message, body), so authProvider.checkError sees 401/403.
 */
export async function apiFetch(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  for (const [name, value] of Object.entries(bearerHeader(window.localStorage))) headers.set(name, value);
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers });
  } catch (error) {
    if (error instanceof HttpError) {
      throw new HttpError(errorMessage(error.body, error.message), error.status, error.body);
    }
    throw error;
  }
}

/** apiFetch with our envelope unwrapped, for ra-data-simple-rest. */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const response = await apiFetch(url, options);
  return { ...response, json: unwrapEnvelope(response.json) };
}
