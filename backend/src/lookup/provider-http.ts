/** What a provider call came to, before any business meaning is given to it. */
export type ProviderReply =
  | { kind: 'answer'; status: number; body: unknown; retryAfterMs: number | null }
  | { kind: 'unreachable'; reason: string };

/** Bounds what a provider may send us: a CNPJ office with many partners is tens of KB. */
const MAX_BYTES = 2 * 1024 * 1024;

/**
 * GET a provider's JSON with a timeout. Network errors, timeouts, oversized or non-JSON bodies
 * are "unreachable": for the caller they all mean the provider could not answer now.
 */
export async function getProviderJson(url: string, headers: Record<string, string>, timeoutMs: number): Promise<ProviderReply> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json', ...headers }, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch (err) {
    const e = err as Error;
    return { kind: 'unreachable', reason: e.name === 'TimeoutError' ? `sem resposta em ${timeoutMs} ms` : e.message };
  }
  const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'));
  let text: string;
  try {
    text = await readBounded(res);
  } catch (err) {
    return { kind: 'unreachable', reason: (err as Error).message };
  }
  if (!text) return { kind: 'answer', status: res.status, body: null, retryAfterMs };
  try {
    return { kind: 'answer', status: res.status, body: JSON.parse(text), retryAfterMs };
  } catch {
    // An error page in HTML says nothing more than its status.
    if (res.status >= 400) return { kind: 'answer', status: res.status, body: null, retryAfterMs };
    return { kind: 'unreachable', reason: `resposta ${res.status} não é JSON` };
  }
}

async function readBounded(res: Response): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BYTES) {
      await reader.cancel();
      throw new Error(`resposta maior que ${MAX_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Retry-After in seconds or as an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(v: string | null): number | null {
  if (!v) return null;
  if (/^\d+$/.test(v.trim())) return Number(v.trim()) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}
