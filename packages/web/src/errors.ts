/*
 * Failed calls, written once for the three front ends: one ApiError carrying the HTTP status and
 * the server's pt-BR message, and one errorMessage(e, fallback) that every screen uses to word a
 * failure (§8: "the server message field is used when present").
 */

/** An answer of the API that was not a success (status 0: no answer at all), with the server's pt-BR message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The error body as the server sent it (null when it was not JSON). */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const NETWORK_FAILURE = 'Não foi possível falar com o servidor. Verifique a sua conexão e tente de novo.';

/**
 * The server's message from an error body (`{ statusCode, message, error }`), if any. A list
 * (validation errors) is joined with a space: each item is a sentence of its own.
 */
export function serverMessage(body: unknown): string | null {
  const message = body !== null && typeof body === 'object' ? (body as { message?: unknown }).message : undefined;
  if (typeof message === 'string' && message.trim()) return message.trim();
  if (Array.isArray(message)) {
    const parts = message.filter((m): m is string => typeof m === 'string' && m.trim() !== '').map((m) => m.trim());
    if (parts.length) return parts.join(' ');
  }
  return null;
}

/** What to say when the server gave no message of its own. */
export function statusMessage(status: number): string {
  if (status === 0) return NETWORK_FAILURE;
  if (status === 401) return 'Sua sessão expirou. Entre novamente.';
  if (status === 403) return 'Você não tem permissão para esta ação.';
  if (status === 404) return 'Não encontrado.';
  if (status === 413) return 'O arquivo excede o tamanho máximo permitido.';
  if (status === 415) return 'Tipo de arquivo não permitido.';
  if (status === 429) return 'Muitas tentativas. Aguarde um pouco e tente de novo.';
  return `Não foi possível concluir a operação (erro ${status}). Tente novamente.`;
}

/** The ApiError of a failed answer: the server's message, else `fallback`, else one for the status. */
export function apiErrorFrom(status: number, body: unknown, fallback?: string): ApiError {
  return new ApiError(status, serverMessage(body) ?? fallback ?? statusMessage(status), body);
}

/**
 * The text to show for a failure: an ApiError's message (the server's own words), the message in
 * the body of another library's HTTP error (react-admin's HttpError carries `status` and `body`),
 * else `fallback`. Programming errors (TypeError...) never reach the screen in English.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message || fallback;
  if (error !== null && typeof error === 'object' && 'body' in error) {
    return serverMessage((error as { body: unknown }).body) ?? fallback;
  }
  return fallback;
}

/** The HTTP status of a failed call, when there was an answer. */
export function errorStatus(error: unknown): number | undefined {
  if (error instanceof ApiError) return error.status || undefined;
  const status = error !== null && typeof error === 'object' ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' && status > 0 ? status : undefined;
}

/** Whether the error is an aborted request (a component went away): nothing to show. */
export function isAbort(error: unknown): boolean {
  return error !== null && typeof error === 'object' && (error as { name?: unknown }).name === 'AbortError';
}
