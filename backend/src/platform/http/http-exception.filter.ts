import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { errorCodes } from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../database';
import { asSentences } from './validation';

/** The answer while the database is down or restarting: the same request will work again shortly. */
export const UNAVAILABLE_MESSAGE = 'Serviço temporariamente indisponível. Tente novamente em instantes.';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

const PT_DEFAULTS: Record<number, string> = {
  400: 'Requisição inválida.',
  401: 'Não autenticado. Faça login novamente.',
  403: 'Você não tem permissão para esta ação.',
  404: 'Recurso não encontrado.',
  409: 'Conflito com o estado atual do recurso.',
  413: 'O conteúdo enviado excede o tamanho máximo permitido.',
  415: 'Tipo de conteúdo não suportado.',
  429: 'Muitas requisições. Aguarde um pouco e tente novamente.',
  500: 'Erro interno do servidor. Tente novamente mais tarde.',
  503: 'Serviço indisponível no momento.',
};

/**
 * Fastify's own messages (a body too large, a content type it has no parser for, a malformed URL...),
 * which Nest passes on as HttpExceptions: each error class's text, its `%s` read as anything.
 */
const FRAMEWORK_MESSAGES: readonly RegExp[] = Object.values(errorCodes)
  .map((E) => new (E as new () => Error)().message)
  // A class whose text is only its argument ('%s') says nothing of its own.
  .filter((text) => /[a-z]{3}/i.test(text.replace(/%[sdio]/g, '')))
  .map((text) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/%[sdio]/g, '.*')}$`, 's'));

/** Nest's, Fastify's and the libraries' English defaults, which must not reach a pt-BR user. */
function isEnglishDefault(message: string): boolean {
  if (/^(Cannot (GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS) |Unauthorized$|Forbidden( resource)?$|Not Found$|Bad Request$|Internal server error$|Too Many Requests|ThrottlerException|Payload Too Large)/i.test(message)) return true;
  return FRAMEWORK_MESSAGES.some((m) => m.test(message));
}

/**
 * Every error leaves as `{ statusCode, message, error }` with a pt-BR message; nothing else
 * (no stack, no SQL) reaches the client. Unexpected errors are logged in full.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<FastifyReply>();
    const req = ctx.getRequest<FastifyRequest>();

    let status = HttpStatus.INTERNAL_SERVER_ERROR;
    let message: string | undefined;
    let extra: Record<string, unknown> = {};
    let unavailable = false;

    if (exception instanceof HttpException) {
      status = exception.getStatus();
      const body = exception.getResponse();
      if (typeof body === 'string') message = body;
      else if (body && typeof body === 'object') {
        const { message: m, statusCode: _s, error: _e, ...rest } = body as Record<string, unknown>;
        message = Array.isArray(m) ? asSentences(m.filter((x): x is string => typeof x === 'string')) : typeof m === 'string' ? m : undefined;
        extra = rest;
      }
    } else if (isClientHttpError(exception)) {
      // A library's own 4xx (http-errors, e.g. a static file refused): the client's mistake,
      // answered with its status and our words, never a logged 500.
      status = exception.status;
    } else if (isDatabaseUnavailable(exception)) {
      status = HttpStatus.SERVICE_UNAVAILABLE;
      message = UNAVAILABLE_MESSAGE;
      unavailable = true;
      this.logger.warn(`${req.method} ${req.url}: banco de dados indisponível (${describe(exception)})`);
    } else {
      this.logger.error(`${req.method} ${req.url}: ${describe(exception)}`, (exception as Error)?.stack);
    }

    if (status === 400 && message && isJsonSyntaxError(message)) message = 'JSON malformado no corpo da requisição.';
    if (!message || isEnglishDefault(message)) message = PT_DEFAULTS[status] ?? PT_DEFAULTS[500];
    if (status >= 500 && !(exception instanceof HttpException) && !unavailable) message = PT_DEFAULTS[500];
    if (res.sent || res.raw.headersSent) return;
    // Our polite 429s say when to come back (TooManyRequestsException): the standard header too.
    if (status === 429 && typeof extra.retryAfterSeconds === 'number') res.header('Retry-After', String(extra.retryAfterSeconds));
    if (unavailable) res.header('Retry-After', '5');
    // JSON whatever the route meant to answer (an .ics feed's @Header Content-Type is set before its handler runs).
    res.status(status).type('application/json; charset=utf-8').send({ statusCode: status, message, error: REASONS[status] ?? 'Error', ...extra });
  }
}

/** JSON.parse's own words, should a parser pass them on. */
function isJsonSyntaxError(message: string): boolean {
  return /^(Unexpected (token|end|non-whitespace)|Expected |Bad (control|escaped) character|.* is not valid JSON|.*in JSON at position)/.test(message);
}

function isClientHttpError(e: unknown): e is { status: number } {
  const err = e as { status?: unknown; expose?: unknown } | null;
  return typeof err === 'object' && err !== null && err.expose === true && typeof err.status === 'number' && err.status >= 400 && err.status < 500;
}

function describe(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
