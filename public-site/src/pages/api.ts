/*
 * The public pages' calls to our API (contact, registration, lookups, password recovery) through
 * the shared client of @veritas/web, without any session: JSON in and out, and on failure the
 * server's pt-BR message, else the page's own fallback text.
 */
import { ApiError, createApiClient, fieldErrors, NO_SESSION } from '@veritas/web';

/** A failure says why (the server's sentences, else the page's words) and, for a validation refusal, why by field. */
export type ApiResult<T> = { ok: true; body: T } | { ok: false; status: number; message: string; fields: Record<string, string> };

const client = createApiClient({ storage: NO_SESSION });

export async function callApi<T = unknown>(
  url: string,
  fallback: string,
  init: { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<ApiResult<T>> {
  try {
    return { ok: true, body: await client.request<T>(url, { ...init, fallback }) };
  } catch (error) {
    // Offline, or the server went away: status 0.
    if (error instanceof ApiError) return { ok: false, status: error.status, message: error.message, fields: fieldErrors(error) };
    return { ok: false, status: 0, message: fallback, fields: {} };
  }
}
