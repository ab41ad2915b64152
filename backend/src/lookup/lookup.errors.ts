export const CNPJ_NOT_FOUND = 'CNPJ não encontrado na Receita Federal';
export const CNPJ_PROVIDER_DOWN = 'O serviço de consulta de CNPJ não respondeu. Tente novamente em alguns minutos.';
export const CEP_NOT_FOUND = 'CEP não encontrado';
export const CEP_PROVIDER_DOWN = 'Erro ao consultar CEP. Tente novamente em alguns minutos.';

export { retryAfterSeconds as waitSeconds, TooManyRequestsException as LookupRateLimitedException } from '../platform/limits';

export const cnpjBusyMessage = (seconds: number) =>
  `O limite de consultas de CNPJ por minuto foi atingido. Tente novamente em ${seconds} segundo${seconds === 1 ? '' : 's'}.`;
