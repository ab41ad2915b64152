// The public surface of platform/request: other folders import from here, never one of its files (architecture.spec.ts).
export { ACCESS_KEY, Allow, ApiRateLimited, CAPACIDADE_KEY, Capacidade, CurrentPrincipal, PUBLIC_KEY, Public } from './access.decorator';
export { BROTLI_OPTIONS, COMPRESS_FROM, compressAnswers, setListRange } from './compression';
export type { AuthPrincipal, TokenPayload } from './principal';
export { contextOf, currentContext, requestContextHooks, runInContext, setActor } from './request-context';
export type { Actor, RequestContext } from './request-context';
