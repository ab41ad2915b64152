import { HttpError } from 'react-admin';

function bodyMessage(body: unknown): string | null {
  const message = body && typeof body === 'object' ? (body as { message?: unknown }).message : undefined;
  if (typeof message === 'string' && message) return message;
  if (Array.isArray(message) && message.length) return message.join('; ');
  return null;
}

/**
 * The server's pt-BR message of a failed call when it sent one (§8: "the server message field is
 * used when present"), else `fallback`.
 */
export function messageOf(error: unknown, fallback = 'Erro inesperado. Tente novamente.'): string {
  if (error instanceof HttpError) return bodyMessage(error.body) ?? fallback;
  return fallback;
}

/** "HTTP status plus response text" (§8, client save failures): the message, else the status. */
export function statusAndMessage(error: unknown): string {
  if (error instanceof HttpError) return bodyMessage(error.body) ?? `HTTP ${error.status}`;
  return 'sem conexão com o servidor';
}

/** The HTTP status of a failed call, when there was an answer. */
export function statusOf(error: unknown): number | undefined {
  return error instanceof HttpError ? error.status : undefined;
}
