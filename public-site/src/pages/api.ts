/*
 * The public pages' calls to our API (contact, registration, lookups, password recovery): JSON in
 * and out, and on failure the server's pt-BR message, else the page's own fallback text.
 */
export type ApiResult<T> = { ok: true; body: T } | { ok: false; status: number; message: string };

/** The message our error bodies carry (`{ statusCode, message, error }`), if any. */
export function serverMessage(body: unknown): string | null {
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && message.trim()) return message;
  if (Array.isArray(message) && message.length) return message.join(' ');
  return null;
}

export async function callApi<T = unknown>(
  url: string,
  fallback: string,
  init: { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<ApiResult<T>> {
  try {
    const res = await fetch(url, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { Accept: 'application/json', ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const body = await res.json().catch(() => null);
    if (res.ok) return { ok: true, body: body as T };
    return { ok: false, status: res.status, message: serverMessage(body) ?? fallback };
  } catch {
    // Offline, or the server went away: status 0.
    return { ok: false, status: 0, message: fallback };
  }
}
