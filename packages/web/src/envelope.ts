/*
 * The API's answer shapes as the browsers read them: the `{ data }` envelope, and the records'
 * keys. The API names a record's key `_id`; react-admin keys records by `id`. The panel's client
 * adds `id` to every record it receives and strips both keys from what it sends, here and nowhere else.
 */
import { ApiError } from './errors';

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** An answer's JSON, or null when it is empty or not JSON (a proxy's page: the status decides). */
export function jsonOf(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** `data` of a `{ data }` envelope, else the body as it came. */
export function dataOf<T>(body: unknown): T {
  return (isRecord(body) && 'data' in body ? body.data : body) as T;
}

/** `data` of a `{ data }` envelope; an answer without one is a contract error. */
export function unwrap<T>(body: unknown): T {
  if (isRecord(body) && 'data' in body) return body.data as T;
  throw new ApiError(200, 'Resposta inesperada do servidor. Tente novamente.', body);
}

/** A record as the panel holds it: react-admin's `id` beside the API's `_id`. */
export type WithId<T> = T & { id: string };

/** A record with react-admin's `id` beside the API's `_id` (a record that has its own `id` keeps it). */
export function withId<T extends { _id: string }>(record: T): WithId<T>;
export function withId<T>(record: T): T;
export function withId<T>(record: T): T {
  if (isRecord(record) && record._id !== undefined && record.id === undefined) return { ...record, id: record._id } as T;
  return record;
}

/** `data` of an answer with `id` on its record, or on each record of its list. */
export function withIds<T>(data: T): T {
  return (Array.isArray(data) ? data.map(withId) : withId(data)) as T;
}

/** The body to send for a record: neither `id` (react-admin's) nor `_id` (the server's) goes back. */
export function withoutIds<T extends object>(record: T): Omit<T, 'id' | '_id'> {
  const { id: _id1, _id: _id2, ...rest } = record as T & { id?: unknown; _id?: unknown };
  return rest;
}

/** A whole answer with `id` added to the records of its `data`; anything else as it came. */
export function answerWithIds<T>(body: T): T {
  return (isRecord(body) && 'data' in body ? { ...body, data: withIds(body.data) } : body) as T;
}
