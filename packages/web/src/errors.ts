/*
 * Failed calls, written once for the three front ends: one ApiError carrying the HTTP status and
 * the server's pt-BR message, and one way to word a server error body `{ statusCode, message, error }`
 * (and its per-field `errors`, from validation): one sentence per field, never a list joined with
 * ";". errorMessage(e, fallback) is what every screen shows (§8: "the server message field is used
 * when present"); fieldErrors(e) puts the same sentences on a form's fields.
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

/** What a screen says when a failure brought no words of its own. */
export const UNEXPECTED_FAILURE = 'Ocorreu um erro inesperado. Tente novamente.';

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Trimmed non-empty texts of `value`: a text, or a list of them (validation). */
function texts(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  return items.filter((m): m is string => typeof m === 'string' && m.trim() !== '').map((m) => m.trim());
}

/**
 * The validation errors of an error body by field (`errors: { cnpj: 'CNPJ inválido.' }`, nested
 * fields as paths, 'servicos.0.nome'); empty when the server named no field.
 */
function bodyFieldErrors(body: unknown): Record<string, string> {
  const errors = isRecord(body) ? body.errors : undefined;
  if (!isRecord(errors)) return {};
  const out: Record<string, string> = {};
  for (const [field, value] of Object.entries(errors)) {
    const sentences = texts(value);
    if (sentences.length) out[field] = asText(sentences);
  }
  return out;
}

/** A sentence ends with its stop, so that sentences can follow one another. */
function sentence(text: string): string {
  return /[.!?…:]$/.test(text) ? text : `${text}.`;
}

/** One text: a single sentence as written, several each closed and set one after the other. */
function asText(sentences: string[]): string {
  return sentences.length === 1 ? sentences[0] : sentences.map(sentence).join(' ');
}

/**
 * The sentences of an error body: one per field when the server named the fields, else its
 * `message` (a text, or a list from validation, one sentence per item).
 */
export function serverSentences(body: unknown): string[] {
  const byField = Object.values(bodyFieldErrors(body));
  if (byField.length) return byField;
  return isRecord(body) ? texts(body.message) : [];
}

/** The server's message from an error body as one text (sentence after sentence), if it has one. */
export function serverMessage(body: unknown): string | null {
  const sentences = serverSentences(body);
  return sentences.length ? asText(sentences) : null;
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

/** The error body a failure carries: an ApiError's, or another library's HTTP error's (react-admin's HttpError). */
function bodyOf(error: unknown): unknown {
  return isRecord(error) ? error.body : undefined;
}

/** Statuses whose own words say more than a screen's fallback: no answer, the session, permission, a file's size or type, the rate. */
const TELLING_STATUSES: ReadonlySet<number> = new Set([0, 401, 403, 413, 415, 429]);

/**
 * The text to show for a failure: an ApiError's words (the server's, or the transport's about the
 * connection), or the message in the body of another library's HTTP error (react-admin's HttpError
 * carries `status` and `body`). When all there is is the generic wording of a status, the screen's
 * `fallback` says more (§8: "Erro ao carregar usuários…"), unless the status tells something the
 * screen cannot (no connection, session expired, no permission, file too large, too many attempts).
 * Programming errors (TypeError...) never reach the screen in English.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const generic = error.message === statusMessage(error.status) && !TELLING_STATUSES.has(error.status);
    return generic || !error.message ? fallback : error.message;
  }
  return serverMessage(bodyOf(error)) ?? fallback;
}

/**
 * The server's refusal by form field, `{ field: sentence }` (nested fields as paths): what
 * react-admin's forms read from `error.body.errors`, for a form of one's own. Empty when the
 * refusal named no field: show errorMessage() then.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  return bodyFieldErrors(bodyOf(error));
}

/** The HTTP status of a failed call, when there was an answer. */
export function errorStatus(error: unknown): number | undefined {
  const status = isRecord(error) ? error.status : undefined;
  return typeof status === 'number' && status > 0 ? status : undefined;
}

/** Whether the error is an aborted request (a component went away): nothing to show. */
export function isAbort(error: unknown): boolean {
  return error !== null && typeof error === 'object' && (error as { name?: unknown }).name === 'AbortError';
}
