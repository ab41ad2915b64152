import { applyDecorators, ExecutionContext, HttpException, HttpStatus, SetMetadata } from '@nestjs/common';
import type { AppConfig } from '../config';
import { ApiRateLimited } from '../request';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** Whole minutes, at least 1, for a pt-BR "aguarde N minutos". */
export function waitMinutesText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE_MS));
  return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
}

/** Whole seconds to wait, at least 1, as Retry-After and the messages say it. */
export const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** A polite 429 that says when to come back: body `retryAfterSeconds`, and the Retry-After header (set by the exception filter). */
export class TooManyRequestsException extends HttpException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super({ message, retryAfterSeconds }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

interface LimitSpec {
  windowMs: number;
  /** What a key is: the caller's IP (grouped as the throttler groups IPv6 addresses) or an e-mail. */
  by: 'ip' | 'email';
  /** Hits allowed per key in a window, from the configuration. */
  max: (config: AppConfig) => number;
  /** The refusal, given the time until the key's window ends. */
  message: (waitMs: number) => string;
}

/**
 * Every fixed-window limit of the API, by name: @nestjs/throttler's named throttlers (ThrottlerModule
 * in limits.module.ts). A route whose every request counts declares its limit with @RateLimit(name)
 * and the throttler's guard counts it before the handler; a limit that counts only some requests
 * (after validation, per e-mail) is counted by the service through Limits.hit, in the same storage.
 * The sign-in lockout and the CNPJ provider's quota have counters of their own (auth/, lookup/).
 */
export const LIMITS = {
  /** The public registration: a refused or duplicate attempt counts too. */
  cadastro: {
    windowMs: HOUR_MS,
    by: 'ip',
    max: (c) => c.clientes.registerPerIpPerHour,
    message: (ms) => `Muitos cadastros feitos a partir deste endereço. Aguarde ${waitMinutesText(ms)} e tente novamente ou fale com o escritório.`,
  },
  'recuperar-senha': {
    windowMs: HOUR_MS,
    by: 'ip',
    max: (c) => c.passwordReset.perIpPerHour,
    message: (ms) => `Muitos pedidos de redefinição de senha. Aguarde ${waitMinutesText(ms)} e tente novamente.`,
  },
  /** Links mailed to one address, from the public request (silently) or the panel (told). */
  'recuperar-senha-email': {
    windowMs: HOUR_MS,
    by: 'email',
    max: (c) => c.passwordReset.perEmailPerHour,
    message: (ms) => `Já foram enviados links demais para este e-mail na última hora. Aguarde ${waitMinutesText(ms)} e tente novamente.`,
  },
  /** The reset page's check of its link (issue 58): a person opens a few; a burst is someone guessing tokens. */
  'link-senha': {
    windowMs: 15 * MINUTE_MS,
    by: 'ip',
    max: () => 60,
    message: (ms) => `Muitas verificações de links de redefinição de senha. Aguarde ${waitMinutesText(ms)} e tente novamente.`,
  },
  /** A member's invitation page and its acceptance (ADR 0058): a person opens a few; a burst is someone guessing tokens. */
  convite: {
    windowMs: 15 * MINUTE_MS,
    by: 'ip',
    max: () => 60,
    message: (ms) => `Muitas tentativas com links de convite. Aguarde ${waitMinutesText(ms)} e tente novamente.`,
  },
  /** The public CNPJ and CEP lookups together: no free proxy, and the CNPJ provider's quota is not one caller's. */
  consulta: {
    windowMs: MINUTE_MS,
    by: 'ip',
    max: (c) => c.lookup.perIpPerMinute,
    message: () => 'Muitas consultas em pouco tempo. Aguarde um minuto e tente novamente.',
  },
  /** The contact form: a form refused by validation does not count, so the service counts it. */
  contato: {
    windowMs: HOUR_MS,
    by: 'ip',
    max: (c) => c.contact.perIpPerHour,
    message: (ms) => `Você enviou muitas mensagens em pouco tempo. Aguarde ${waitMinutesText(ms)} ou fale conosco por telefone.`,
  },
  /** The unsubscribe links of optional e-mails (issue 53): a person clicks a few; a burst is someone guessing tokens. */
  descadastro: {
    windowMs: 15 * MINUTE_MS,
    by: 'ip',
    max: () => 60,
    message: (ms) => `Muitas tentativas de descadastro. Aguarde ${waitMinutesText(ms)} e tente novamente.`,
  },
  /** Calendar apps poll every few hours; a burst from one address is someone guessing tokens. */
  'agenda-feed': {
    windowMs: 15 * MINUTE_MS,
    by: 'ip',
    max: () => 120,
    message: (ms) => `Acessos demais à agenda. Aguarde ${waitMinutesText(ms)}.`,
  },
} satisfies Record<string, LimitSpec>;

export type LimitName = keyof typeof LIMITS;

export const limitExceeded = (name: LimitName, waitMs: number) => new TooManyRequestsException(LIMITS[name].message(waitMs), retryAfterSeconds(waitMs));

const LIMIT_KEY = 'veritas:limit';

/** The route's every request counts against `name` (429 beyond it), and Swagger shows the 429. */
export const RateLimit = (name: LimitName) => applyDecorators(SetMetadata(LIMIT_KEY, name), ApiRateLimited());

/** The limit a route declares with @RateLimit, if any. */
export const routeLimit = (context: ExecutionContext): LimitName | undefined => Reflect.getMetadata(LIMIT_KEY, context.getHandler()) as LimitName | undefined;
