import { HttpException, HttpStatus } from '@nestjs/common';

export const CNPJ_NOT_FOUND = 'CNPJ não encontrado na Receita Federal';
export const CNPJ_PROVIDER_DOWN = 'O serviço de consulta de CNPJ não respondeu. Tente novamente em alguns minutos.';
export const CEP_NOT_FOUND = 'CEP não encontrado';
export const CEP_PROVIDER_DOWN = 'Erro ao consultar CEP. Tente novamente em alguns minutos.';
export const LOOKUP_IP_LIMIT = 'Muitas consultas em pouco tempo. Aguarde um minuto e tente novamente.';

/** Whole seconds to wait, at least 1, as Retry-After and the messages say it. */
export const waitSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export const cnpjBusyMessage = (seconds: number) =>
  `O limite de consultas de CNPJ por minuto foi atingido. Tente novamente em ${seconds} segundo${seconds === 1 ? '' : 's'}.`;

/** A polite 429 that says when to come back (body `retryAfterSeconds` and the Retry-After header). */
export class LookupRateLimitedException extends HttpException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super({ message, retryAfterSeconds }, HttpStatus.TOO_MANY_REQUESTS);
  }
}
