import type { DataMessageEnvelope } from '@veritas/common';
import { createApiClient, unwrap, type Method } from '@veritas/web';

/**
 * The panel's one HTTP client, the shared one of @veritas/web: bearer token from the stored
 * session, `{ data }` envelope, ApiError with the server's pt-BR message, and react-admin's `id` on
 * every record received (`_id` and `id` never sent back). react-admin's CRUD (httpClient.ts), the
 * named dataProvider methods, their uploads and downloads, and the authProvider all call through it.
 * A 401 reaches react-admin's checkError through useDataProvider, which signs out.
 */
export const webClient = createApiClient({ recordIds: true });

interface Call {
  method?: Exclude<Method, 'PATCH'>;
  body?: unknown;
}

/** `data` of the answer to `/api<path>` (an answer without it is a contract error). */
export async function apiData<T>(path: string, init: Call = {}): Promise<T> {
  return unwrap<T>(await webClient.request(`/api${path}`, init));
}

/** The whole answer to `/api<path>`: `data`, plus the server's `message` and `meta` when the route gives them. */
export function apiAnswer<T, M = Record<string, unknown>>(path: string, init: Call = {}): Promise<DataMessageEnvelope<T, M>> {
  return webClient.request<DataMessageEnvelope<T, M>>(`/api${path}`, init);
}
